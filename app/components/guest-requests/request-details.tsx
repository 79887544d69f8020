import { type ReactNode } from "react";
import { chargeLine, formatStayDate, guestsLine, roomShareLine } from "~/guest-requests/format";
import { type InboxItem } from "~/guest-requests/inbox.server";
import { money } from "~/lib/money";

/** One labelled value of a request card. */
export function DetailField({
  label,
  children,
  wide,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

const LongText = ({ text }: { text: string }) => (
  <span className="whitespace-pre-wrap">{text}</span>
);
const Missing = () => <span className="text-slate-400">—</span>;

/** "2 bedrooms · 1 bathroom" ("Studio" for none), or nothing when the catalogue did not say. */
function roomSize(bedrooms: number | null, bathrooms: number | null) {
  return [
    bedrooms !== null &&
      (bedrooms === 0 ? "Studio" : `${bedrooms} ${bedrooms === 1 ? "bedroom" : "bedrooms"}`),
    bathrooms !== null &&
      bathrooms > 0 &&
      `${bathrooms} ${bathrooms === 1 ? "bathroom" : "bathrooms"}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** What the request is about, by kind. */
export function RequestDetails({ item }: { item: InboxItem }) {
  switch (item.kind) {
    case "booking": {
      const size = roomSize(item.roomTypeBedrooms, item.roomTypeBathrooms);
      const price = (amount: number) => money(amount, item.currency);
      return (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <DetailField label="Resort">
            {item.locationName}
            {item.place && <span className="block text-sm text-slate-500">{item.place}</span>}
          </DetailField>
          <DetailField label="Room">
            {item.roomTypeName}
            {size && <span className="block text-sm text-slate-500">{size}</span>}
          </DetailField>
          <DetailField label="Dates">
            {formatStayDate(item.checkInDate)} – {formatStayDate(item.checkOutDate)}
            {item.nights > 0 && (
              <span className="block text-sm text-slate-500">
                {item.nights} {item.nights === 1 ? "night" : "nights"}
              </span>
            )}
          </DetailField>
          <DetailField label="Guests">{guestsLine(item)}</DetailField>
          {item.weekId ? (
            <DetailField label="Weekly rate and estimated total (at request)">
              {item.weekRate ? price(item.weekRate) : <Missing />}
              {item.estimatedTotal ? ` · ${price(item.estimatedTotal)} in all` : ""}
              <QuotedCharges item={item} />
            </DetailField>
          ) : item.estimatedTotal ? (
            <DetailField label="Estimated total (at request)">
              {price(item.estimatedTotal)}
              <QuotedCharges item={item} />
            </DetailField>
          ) : (
            <DetailField label="Typical weekly price (at request)">
              {item.roomTypePrice ? price(item.roomTypePrice) : <Missing />}
            </DetailField>
          )}
          <DetailField label="Referral code">{item.referralCode ?? <Missing />}</DetailField>
          <DetailField label="Special requests" wide>
            {item.specialRequests ? <LongText text={item.specialRequests} /> : <Missing />}
          </DetailField>
        </dl>
      );
    }
    case "agent-application":
      return (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          <DetailField label="Currently a travel agent">
            {item.isCurrentAgent === "yes" ? "Yes" : "No"}
          </DetailField>
          <DetailField label="Current occupation">{item.currentOccupation}</DetailField>
          <DetailField label="Why they would thrive" wide>
            <LongText text={item.whyThrive} />
          </DetailField>
        </dl>
      );
    case "support-message":
      return (
        <dl>
          <DetailField label="Message">
            <LongText text={item.message} />
          </DetailField>
        </dl>
      );
  }
}

/**
 * What the estimate counted: the room's share of its own dates, and each nightly charge, each with
 * what it came to.
 */
function QuotedCharges({ item }: { item: Extract<InboxItem, { kind: "booking" }> }) {
  const roomShare = roomShareLine(item, item.nights);
  if (!item.quotedCharges?.length && !roomShare) return null;
  return (
    <span className="block text-sm text-slate-500">
      {roomShare && (
        <span className="block">
          {roomShare.term}: {roomShare.amount}
        </span>
      )}
      {(item.quotedCharges ?? []).map((charge) => {
        const { term, amount } = chargeLine(charge, item.nights, item.currency);
        return (
          <span key={charge.label} className="block">
            {term}: {amount}
          </span>
        );
      })}
    </span>
  );
}
