// Finding web links in plain text: the first link for the outbox log line (email.server.ts) and
// clickable links on /dev/outbox. Not a server module, so the page component can use it.

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation right after a link is not part of it ("Open https://x.example/a.").
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

export type TextPart = { type: "text"; text: string } | { type: "link"; url: string };

/** The text cut into plain runs and http(s) links, in order; joined back they give the text. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    if (!isWebUrl(url)) continue;
    const start = match.index;
    if (start > last) parts.push({ type: "text", text: text.slice(last, start) });
    parts.push({ type: "link", url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: "text", text: text.slice(last) });
  return parts;
}

/** Every http(s) link in the text. */
export function linksIn(text: string): string[] {
  return splitLinks(text).flatMap((part) => (part.type === "link" ? [part.url] : []));
}

/** The first http(s) link in the text, if any. */
export function firstUrl(text: string): string | null {
  return linksIn(text)[0] ?? null;
}

function isWebUrl(candidate: string) {
  try {
    const { protocol } = new URL(candidate);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
