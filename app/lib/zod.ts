import { config, z } from "zod";

// Zod compiles its object parsers with `new Function` unless told not to, and probes for it when
// the first object schema is made: under the pages' policy (no eval), a reported violation. Every
// schema module imports zod from here, so this runs first; and a page with no form never loads zod.
config({ jitless: true });

export { z };
