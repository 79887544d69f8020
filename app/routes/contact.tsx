import { Link } from "react-router";
import { type Route } from "./+types/contact";
import { RequestReceived } from "~/components/guest-requests/request-received";
import { SupportMessageForm } from "~/components/guest-requests/support-message-form";
import { getAppContext } from "~/context";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { requestFormAction, requestFormDefaults } from "~/guest-requests/submit.server";
import { supportMessageKind } from "~/guest-requests/support-message.server";
import { retryAfterOf } from "~/lib/errors.server";
import { SUPPORT_MESSAGE_NOT_SENT } from "~/guest-requests/support-message";
import { sendOrKeep } from "~/guest-requests/fields";
import { keepPageWhenNotSent } from "~/lib/not-sent";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact us",
    description: `Questions about a resort, a reservation, your membership or our agent program? Call or send ${siteFromMatches(matches).siteName} a message.`,
    path: "/contact",
  });

// Every visit gets its own one-time key: never share a rendering of this page through a cache.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "private, no-store",
  ...retryAfterOf(actionHeaders),
});

export async function loader({ context }: Route.LoaderArgs) {
  const { contactPhone } = getAppContext(context).site;
  return { ...(await requestFormDefaults(context)), phone: contactPhone };
}

export function action(args: Route.ActionArgs) {
  return requestFormAction(args, supportMessageKind);
}

const CATEGORIES: ReadonlyArray<{
  title: string;
  text: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}> = [
  {
    title: "Booking questions",
    text: "Wondering about a resort, a room type, dates or what a week includes? Browse our locations, then request the room you like.",
    links: [{ to: "/locations", label: "Browse locations" }],
  },
  {
    title: "Existing reservations",
    text: "Changes, guest names or arrival details for a stay you have requested or booked. Tell us the resort and your dates.",
    links: [{ to: "#message", label: "Send us a message" }],
  },
  {
    title: "Membership & account",
    text: "Invitations, sign-in links and your member account. Members sign in with a one-time link sent by e-mail.",
    links: [{ to: "/login", label: "Sign in" }],
  },
  {
    title: "Travel agents & partnerships",
    text: "Sell our stays as an agent with free training and an 80/20 split, or plan a nonprofit gala or auction package.",
    links: [
      { to: "/agents", label: "Agent program" },
      { to: "/nonprofits", label: "Nonprofits" },
    ],
  },
];

const CALL_TIPS = [
  "Have the resort name and your preferred or booked dates at hand.",
  "Know how many adults, children and infants are travelling.",
  "For an existing reservation, call with the name and e-mail address it was requested under.",
  "Members: sign in first to see prices, holiday rates and fees on each location page.",
];

/** "+1 (800) 555-0142" → "tel:+18005550142". */
function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** With JavaScript: a request the connection drops on its way keeps the form, and says so. */
export const shouldRevalidate = keepPageWhenNotSent;

export const clientAction = (args: Route.ClientActionArgs) =>
  sendOrKeep(args, SUPPORT_MESSAGE_NOT_SENT);

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { turnstileSiteKey, contactEmail } = siteFromMatches(matches);
  if (actionData?.sentTo) {
    return (
      <RequestReceived
        title="Message Received"
        sentTo={actionData.sentTo}
        next={{ to: "/locations", label: "Browse Resorts" }}
        toastMessage="Message sent successfully!"
      >
        <p>Thank you for writing to us. We will get back to you soon.</p>
      </RequestReceived>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
      <header className="max-w-3xl">
        <p className="text-gold-700 text-sm font-semibold tracking-widest uppercase">Contact us</p>
        <h1 className="text-navy-900 mt-3 font-serif text-4xl md:text-5xl">How can we help?</h1>
        <p className="mt-5 text-lg leading-relaxed text-slate-700">
          {loaderData.phone ? (
            <>
              Call us at{" "}
              <a
                href={telHref(loaderData.phone)}
                className="text-navy-900 font-semibold whitespace-nowrap underline underline-offset-4"
              >
                {loaderData.phone}
              </a>
              , or send a message and our team will get back to you by e-mail.
            </>
          ) : (
            "Send us a message and our team will get back to you by e-mail."
          )}
        </p>
      </header>

      <ul className="mt-12 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CATEGORIES.map((category) => (
          <li
            key={category.title}
            className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 className="text-navy-900 text-lg font-semibold">{category.title}</h2>
            <p className="mt-2 flex-1 text-slate-700">{category.text}</p>
            <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
              {category.links.map((link) =>
                link.to.startsWith("#") ? (
                  <a
                    key={link.to}
                    href={link.to}
                    className="text-gold-700 hover:text-navy-900 font-medium underline underline-offset-4"
                  >
                    {link.label}
                  </a>
                ) : (
                  <Link
                    key={link.to}
                    to={link.to}
                    className="text-gold-700 hover:text-navy-900 font-medium underline underline-offset-4"
                  >
                    {link.label}
                  </Link>
                ),
              )}
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          id="message"
          aria-labelledby="message-heading"
          className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id="message-heading" className="text-navy-900 font-serif text-3xl">
            Send us a message
          </h2>
          <p className="mt-2 text-slate-700">
            We reply by e-mail, usually within one business day.
          </p>
          <SupportMessageForm
            idempotencyKey={loaderData.idempotencyKey}
            email={loaderData.email}
            siteKey={turnstileSiteKey}
            reply={actionData}
          />
        </section>

        <aside className="space-y-8" aria-label="Call us">
          {loaderData.phone && (
            <section
              aria-labelledby="call-heading"
              className="bg-navy-900 rounded-2xl p-8 text-white shadow-sm"
            >
              <h2 id="call-heading" className="font-serif text-2xl">
                Prefer to talk?
              </h2>
              <p className="mt-2 text-slate-200">Call our team:</p>
              <a
                href={telHref(loaderData.phone)}
                className="text-gold-300 mt-3 inline-block font-serif text-3xl underline-offset-4 hover:underline"
              >
                {loaderData.phone}
              </a>
              {contactEmail && (
                <p className="mt-5 text-sm text-slate-200">
                  Or write to{" "}
                  <a
                    href={`mailto:${contactEmail}`}
                    className="font-medium text-white underline underline-offset-4"
                  >
                    {contactEmail}
                  </a>
                </p>
              )}
            </section>
          )}
          <section
            aria-labelledby="tips-heading"
            className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="tips-heading" className="text-navy-900 font-serif text-2xl">
              Before you call
            </h2>
            <ul className="mt-4 space-y-3 text-slate-700">
              {CALL_TIPS.map((tip) => (
                <li key={tip} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="bg-gold-500 mt-2 size-1.5 shrink-0 rounded-full"
                  />
                  <span>{tip}</span>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
