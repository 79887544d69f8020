// The one layout of every e-mail the site sends: an HTML part and a matching plain-text part.

export interface EmailContent {
  siteName: string;
  heading: string;
  paragraphs: string[];
  /**
   * Links after the paragraphs, one a line (the weeks an alert found): a list (HTML), or each
   * label over its address (text).
   */
  links?: { label: string; url: string }[];
  /** A call-to-action button (HTML) or "label: url" line (text). */
  action?: { label: string; url: string };
  /** Small print under the content, e.g. why the recipient got the e-mail. */
  footer?: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif";

/** A simple, inline-styled HTML e-mail; every interpolated value is escaped. */
export function emailHtml({ siteName, heading, paragraphs, links, action, footer }: EmailContent) {
  const e = escapeHtml;
  // A sender's text keeps its lines, and a long word breaks rather than widening the card.
  const body = paragraphs
    .map(
      (text) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#334155;overflow-wrap:anywhere;word-break:break-word">${e(text).replace(/\r?\n/g, "<br>")}</p>`,
    )
    .join("\n");
  const list = links?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5;color:#334155">
${links.map((link) => `<li style="margin:0 0 8px;overflow-wrap:anywhere"><a href="${e(link.url)}" style="color:#8a6a28">${e(link.label)}</a></li>`).join("\n")}
</ul>`
    : "";
  const button = action
    ? `<p style="margin:24px 0"><a href="${e(action.url)}" style="display:inline-block;background:#0f2a43;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 24px;border-radius:8px">${e(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#64748b">If the button does not work, copy this link into your browser:<br><a href="${e(action.url)}" style="color:#8a6a28;word-break:break-all">${e(action.url)}</a></p>`
    : "";
  const small = footer
    ? `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:13px;line-height:1.5;color:#64748b">${e(footer)}</p>`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f8fafc;${FONT}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:20px 32px;background:#0f2a43;border-radius:12px 12px 0 0;color:#e3c98f;font-size:18px;font-weight:600;${FONT}">${e(siteName)}</td></tr>
<tr><td style="padding:32px;${FONT}">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:#0f2a43">${e(heading)}</h1>
${body}
${list}
${button}
${small}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The plain-text part with the same content as emailHtml(). */
export function emailText({ siteName, heading, paragraphs, links, action, footer }: EmailContent) {
  const blocks = [
    heading,
    ...paragraphs,
    ...(links ?? []).map(({ label, url }) => `${label}\n${url}`),
  ];
  if (action) blocks.push(`${action.label}: ${action.url}`);
  if (footer) blocks.push(`--\n${footer}`);
  blocks.push(siteName);
  return `${blocks.join("\n\n")}\n`;
}
