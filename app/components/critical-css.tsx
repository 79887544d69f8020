import { createContext, useContext } from "react";

/**
 * The site's stylesheet (app/app.css), given by entry.server to the document it renders. Inline in
 * the page, it blocks nothing: the first paint needs no second request. It never reaches the
 * browser's JavaScript: it is in the first HTML only, and the root stays mounted for the visit.
 */
export const CriticalCssContext = createContext<{ css: string; nonce: string } | null>(null);

const STYLE_ID = "site-css";

/** In the browser, the stylesheet the server put in the page, read as the scripts load (see below). */
const pageCss =
  typeof document === "undefined" ? null : (document.getElementById(STYLE_ID)?.textContent ?? null);

/**
 * The stylesheet as a `<style>` carrying the request's nonce. In the browser there is no
 * stylesheet to give: hydration keeps the server's element as it is (React neither compares nor
 * rewrites an inner HTML it hydrates; the browser hides the nonce, hence the suppressed warning).
 * The document is drawn anew when an error reaches the root's boundary after the page has loaded:
 * the new element then gets the text the server's had, or that screen (and every page after it)
 * would have no styles at all.
 */
export function CriticalCss() {
  const critical = useContext(CriticalCssContext);
  return (
    <style
      id={STYLE_ID}
      nonce={critical?.nonce}
      dangerouslySetInnerHTML={{ __html: critical?.css ?? pageCss ?? "" }}
      suppressHydrationWarning
    />
  );
}
