interface LodgingInput {
  name: string;
  description: string | null;
  city: string | null;
  state: string | null;
  country: string;
  url: string;
  imageUrls: string[];
}

/** schema.org LodgingBusiness for a location page. */
export function lodgingBusinessJsonLd(input: LodgingInput) {
  return {
    "@context": "https://schema.org",
    "@type": "LodgingBusiness",
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    url: input.url,
    ...(input.imageUrls.length > 0 ? { image: input.imageUrls } : {}),
    address: {
      "@type": "PostalAddress",
      ...(input.city ? { addressLocality: input.city } : {}),
      ...(input.state ? { addressRegion: input.state } : {}),
      addressCountry: input.country,
    },
  };
}

/** JSON for a <script> element: '<' escaped so no value can close the element. */
export function jsonForScript(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
