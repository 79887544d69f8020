import { Link } from "react-router";
import { type Route } from "./+types/booking-confirmation";
import { pageMeta, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Request Received",
    description: "Your booking request was received.",
    path: "/booking-confirmation",
    noindex: true,
  });

export default function BookingConfirmation({ matches }: Route.ComponentProps) {
  const { contactEmail } = siteFromMatches(matches);
  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <div className="rounded-2xl bg-white p-10 shadow-sm ring-1 ring-slate-200">
        <div
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-2xl text-emerald-700"
        >
          ✓
        </div>
        <h1 className="text-navy-900 mt-5 font-serif text-4xl">Request Received</h1>
        <p className="mt-3 text-lg text-slate-700">Thank you. We will get back to you soon.</p>
        <p className="mt-4 text-sm text-slate-600">
          A copy of your request is on its way to your inbox. Your stay is confirmed only when we
          write to confirm it: please do not book flights until then.
        </p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
          <Link
            to="/locations"
            className="bg-navy-900 hover:bg-navy-800 rounded-lg px-5 py-3 font-semibold text-white"
          >
            Browse More Resorts
          </Link>
          {contactEmail && (
            <a
              href={`mailto:${contactEmail}`}
              className="text-gold-700 font-medium underline underline-offset-4"
            >
              {contactEmail}
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
