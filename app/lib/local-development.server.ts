/**
 * The development stand-ins (the dev outbox, the bot-check stand-in) answer only on this machine:
 * APP_ENV must say development AND the request must be for a local host, so a deployed worker
 * left on APP_ENV = "development" still shows no one's sign-in links and takes no fake bot check.
 */
/** A name for this machine (localhost, a *.localhost name, a loopback address). */
export function isLocalHostname(hostname: string) {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "127.0.0.1" ||
    hostname === "[::1]"
  );
}

/** A request for this machine. */
export function isLocalHost(request: Request) {
  return isLocalHostname(new URL(request.url).hostname);
}

export function isLocalDevelopment(env: Pick<Env, "APP_ENV">, request: Request) {
  return env.APP_ENV === "development" && isLocalHost(request);
}
