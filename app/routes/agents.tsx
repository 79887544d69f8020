import { type Route } from "./+types/agents";
import { AgentApplicationForm } from "~/components/guest-requests/agent-application-form";
import { RequestReceived } from "~/components/guest-requests/request-received";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { agentApplicationKind } from "~/guest-requests/agent-application.server";
import { requestFormAction, requestFormDefaults } from "~/guest-requests/submit.server";
import { retryAfterOf } from "~/lib/errors.server";
import { AGENT_APPLICATION_NOT_SENT } from "~/guest-requests/agent-application";
import { sendOrKeep } from "~/guest-requests/fields";
import { keepPageWhenNotSent } from "~/lib/not-sent";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Become a travel agent",
    description: `Sell luxury resort weeks with ${siteFromMatches(matches).siteName}: free training and an 80/20 commission split, with the agent keeping 80%. Apply online.`,
    path: "/agents",
  });

// Every visit gets its own one-time key: never share a rendering of this page through a cache.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "private, no-store",
  ...retryAfterOf(actionHeaders),
});

export function loader({ context }: Route.LoaderArgs) {
  return requestFormDefaults(context);
}

export function action(args: Route.ActionArgs) {
  return requestFormAction(args, agentApplicationKind);
}

const HIGHLIGHTS = [
  {
    figure: "Free",
    title: "Training included",
    text: "We teach you our resorts, our booking process and how to match guests with the right week. No fees, no starter kits.",
  },
  {
    figure: "80/20",
    title: "Commission split",
    text: "You keep 80% of the commission on every stay you book. The agency keeps 20% for booking support and resort relationships.",
  },
  {
    figure: "110+",
    title: "Resort locations",
    text: "Offer your clients over 110 locations, from Caribbean beaches to mountain lodges, at insider weekly rates.",
  },
];

const THE_WORK = [
  "Help clients choose a resort, a room type and a week that suit their group and budget.",
  "Send booking requests for them. Our team confirms each stay with the resort and keeps you informed.",
  "Work from anywhere, on your own schedule: part time alongside another job, or full time.",
  "Grow by referral. Guests who love their week come back, and they bring their friends.",
];

const WHO_THRIVES = [
  "People who love to travel and love helping others plan it.",
  "Organised communicators who reply promptly and follow through.",
  "Experienced travel agents looking for better rates and a better split, and newcomers ready to learn.",
  "Self-starters with a network: friends, colleagues, clubs, teams and community groups.",
];

/** With JavaScript: a request the connection drops on its way keeps the form, and says so. */
export const shouldRevalidate = keepPageWhenNotSent;

export const clientAction = (args: Route.ClientActionArgs) =>
  sendOrKeep(args, AGENT_APPLICATION_NOT_SENT);

export default function Agents({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { turnstileSiteKey } = siteFromMatches(matches);
  if (actionData?.sentTo) {
    return (
      <RequestReceived
        title="We'll be in touch"
        sentTo={actionData.sentTo}
        next={{ to: "/locations", label: "Browse locations" }}
      >
        <p>Your application was received. Thank you!</p>
      </RequestReceived>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
      <header className="grid grid-cols-1 items-center gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <p className="text-gold-700 text-sm font-semibold tracking-widest uppercase">
            Travel agent program
          </p>
          <h1 className="text-navy-900 mt-3 font-serif text-4xl md:text-5xl">
            Become a travel agent
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">
            Sell luxury resort stays at wholesale prices. We give you free training, the booking
            support of our team and a commission split that puts you first: 80/20, and you keep 80%.
          </p>
          <a
            href="#apply"
            className="bg-navy-900 hover:bg-navy-800 mt-8 inline-block rounded-lg px-6 py-3 font-semibold text-white"
          >
            Apply now
          </a>
        </div>
        <div className="bg-navy-900 rounded-2xl p-8 text-white shadow-sm">
          <p className="text-gold-300 font-serif text-6xl">80%</p>
          <p className="mt-2 text-lg">of the commission is yours on every booking.</p>
          <p className="mt-4 text-sm text-slate-200">
            A simple 80/20 split, with free training to get you started.
          </p>
        </div>
      </header>

      <ul className="mt-14 grid grid-cols-1 gap-5 md:grid-cols-3">
        {HIGHLIGHTS.map((item) => (
          <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <p className="text-gold-700 font-serif text-3xl">{item.figure}</p>
            <h2 className="text-navy-900 mt-2 text-lg font-semibold">{item.title}</h2>
            <p className="mt-2 text-slate-700">{item.text}</p>
          </li>
        ))}
      </ul>

      <div className="mt-14 grid grid-cols-1 gap-8 md:grid-cols-2">
        <section
          aria-labelledby="the-work"
          className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="the-work" className="text-navy-900 font-serif text-2xl">
            What the work is like
          </h2>
          <ul className="mt-4 space-y-3 text-slate-700">
            {THE_WORK.map((line) => (
              <li key={line} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="bg-gold-500 mt-2 size-1.5 shrink-0 rounded-full"
                />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="who-thrives"
          className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="who-thrives" className="text-navy-900 font-serif text-2xl">
            Who thrives with us
          </h2>
          <ul className="mt-4 space-y-3 text-slate-700">
            {WHO_THRIVES.map((line) => (
              <li key={line} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="bg-gold-500 mt-2 size-1.5 shrink-0 rounded-full"
                />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section
        id="apply"
        aria-labelledby="apply-heading"
        className="mx-auto mt-16 max-w-3xl scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10"
      >
        <h2 id="apply-heading" className="text-navy-900 font-serif text-3xl">
          Apply to join our agency
        </h2>
        <p className="mt-2 text-slate-700">
          Tell us a little about yourself. Every field is required; it takes about five minutes.
        </p>
        <AgentApplicationForm
          idempotencyKey={loaderData.idempotencyKey}
          email={loaderData.email}
          siteKey={turnstileSiteKey}
          reply={actionData}
        />
      </section>
    </div>
  );
}
