import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { CriticalCssContext } from "~/components/critical-css";
import { cspNonceContext } from "~/lib/security-headers.server";
import appCss from "./app.css?inline";

export const streamTimeout = 5_000;

/**
 * The server's failures go to the log. The router's refusal of a request (a POST to a page that
 * has no form: 405) is the client's doing, which bots do all day, and is left out; so is a request
 * the client gave up.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The nonce of the page's policy (workers/app.ts), on React Router's scripts and React's own, and
  // on the inline stylesheet.
  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <CriticalCssContext value={{ css: appCss, nonce }}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CriticalCssContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready are logged by React Router itself.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
