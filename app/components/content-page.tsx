export function ContentPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-12 md:py-16">
      <h1 className="text-navy-900 font-serif text-4xl md:text-5xl">{title}</h1>
      <div className="prose prose-slate prose-headings:font-serif prose-headings:text-navy-900 prose-a:text-gold-700 mt-8 max-w-none">
        {children}
      </div>
    </article>
  );
}
