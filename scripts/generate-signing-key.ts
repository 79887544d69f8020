/** Prints a new ES256 private JWK (with a kid) for SESSION_SIGNING_KEY. */
import { generateSigningKey } from "../app/accounts/signing-keys.server.ts";

console.log(await generateSigningKey());
