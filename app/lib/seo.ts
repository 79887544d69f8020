import { type MetaDescriptor } from "react-router";
import { type PublicSiteConfig } from "./site.server";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The root loader's site configuration, from a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<MatchLike | undefined>): PublicSiteConfig {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | PublicSiteConfig
    | undefined;
  return (
    root ?? {
      siteName: "Insider Stays",
      contactEmail: "",
      contactPhone: null,
      origin: "",
      turnstileSiteKey: "",
    }
  );
}

type PageMetaOptions = {
  title: string;
  description: string;
  /** The picture a shared link shows: an absolute or root-relative URL, and its alt text. */
  image?: { url: string; alt: string } | null;
  type?: "website" | "article";
} & (
  | {
      /** The canonical path of the page, e.g. "/locations" or "/locations?page=2". */
      path: string;
      /** Known from the page's data (a hidden location's preview is kept out). */
      noindex?: boolean;
    }
  | {
      noindex: true;
      path?: undefined;
    }
);

/** Title, description, canonical URL and Open Graph tags for a page. */
export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  { title, description, path, image, type = "website", noindex }: PageMetaOptions,
): MetaDescriptor[] {
  const { siteName, origin } = siteFromMatches(matches);
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    // A page kept out of search engines names no canonical address: the two would contradict.
    ...(noindex || path === undefined
      ? []
      : [
          { tagName: "link", rel: "canonical", href: `${origin}${path}` },
          { property: "og:url", content: `${origin}${path}` },
        ]),
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) {
    tags.push(
      {
        property: "og:image",
        content: image.url.startsWith("/") ? `${origin}${image.url}` : image.url,
      },
      { property: "og:image:alt", content: image.alt },
      { name: "twitter:image:alt", content: image.alt },
    );
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
