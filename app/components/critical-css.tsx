import { createContext, useContext } from "react";

/**
 * The site's stylesheet (app/app.css), given by entry.server to the document it renders. Inline in
 * the page, it blocks nothing: the first paint needs no second request. It never reaches the
 * browser's JavaScript: it is in the first HTML only, and the root stays mounted for the visit.
 */
export const CriticalCssContext = createContext<{ css: string; nonce: string } | null>(null);

/**
 * The stylesheet as a `<style>` carrying the request's nonce. In the browser there is no
 * stylesheet to give: hydration keeps the server's element as it is (React neither compares nor
 * rewrites an inner HTML it hydrates; the browser hides the nonce, hence the suppressed warning),
 * and its props never change after.
 */
export function CriticalCss() {
  const critical = useContext(CriticalCssContext);
  return (
    <style
      nonce={critical?.nonce}
      dangerouslySetInnerHTML={{ __html: critical?.css ?? "" }}
      suppressHydrationWarning
    />
  );
}
