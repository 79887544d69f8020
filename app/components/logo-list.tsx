/** A row of brand pictures (partner wordmarks, payment and trust badges) from public/brand. */
export function LogoList({
  folder,
  logos,
  width,
  height,
  className,
  imageClassName,
  label,
}: {
  folder: "partners" | "badges";
  logos: ReadonlyArray<{ file: string; name: string }>;
  /** Their intrinsic size, so the page reserves their space before they load. */
  width: number;
  height: number;
  className: string;
  imageClassName?: string;
  /** The list's accessible name when no heading names it. */
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {logos.map((logo) => (
        <li key={logo.file}>
          <img
            src={`/brand/${folder}/${logo.file}`}
            alt={logo.name}
            width={width}
            height={height}
            loading="lazy"
            className={imageClassName}
          />
        </li>
      ))}
    </ul>
  );
}
