import { LogoList } from "./logo-list";

/** Our partner hotel brands (wordmarks drawn for this site, in public/brand/partners). */
const partners = [
  { file: "maison-azure.svg", name: "Maison Azure" },
  { file: "coral-and-crest.svg", name: "Coral & Crest" },
  { file: "the-solenne-collection.svg", name: "The Solenne Collection" },
  { file: "halcyon-resorts.svg", name: "Halcyon Resorts" },
  { file: "verano-estates.svg", name: "Verano Estates" },
  { file: "isla-noble.svg", name: "Isla Noble" },
];

export function PartnerLogos() {
  return (
    <section aria-labelledby="partners-heading" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-6 py-10">
        <h2
          id="partners-heading"
          className="text-center text-xs font-semibold tracking-[0.25em] text-slate-600 uppercase"
        >
          Stay with our partner brands
        </h2>
        <LogoList
          folder="partners"
          logos={partners}
          width={200}
          height={60}
          className="mt-6 grid grid-cols-2 items-center justify-items-center gap-x-8 gap-y-6 sm:grid-cols-3 lg:grid-cols-6"
          imageClassName="h-12 w-auto opacity-80 transition hover:opacity-100"
        />
      </div>
    </section>
  );
}
