import { data, Form, redirect } from "react-router";
import { z } from "~/lib/zod";
import { type Route } from "./+types/dev.checkout";
import { buttonClass } from "~/components/forms";
import { getAppContext, type AppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { isLocalDevelopment } from "~/lib/local-development.server";
import { money } from "~/lib/money";
import {
  chooseOnLocalCheckout,
  choicesFor,
  LOCAL_CHECKOUT_CHOICES,
} from "~/payments/local-checkout-events.server";
import { localSession } from "~/payments/local-checkout.server";

export const meta: Route.MetaFunction = () => [
  { title: "Local checkout" },
  { name: "robots", content: "noindex" },
];

/** The local checkout's session: on this machine, in development, without a Stripe key only. */
async function sessionOf(app: AppContext, request: Request, id: string) {
  if (!isLocalDevelopment(app.env, request) || app.site.cardPayments !== "local") {
    throw new Response("Not Found", { status: 404 });
  }
  const session = await localSession(app.db, id.slice(0, 100));
  if (!session) throw data("No such checkout", { status: 404 });
  return session;
}

/** The local stand-in for Stripe's Checkout page: the session's amount and lines, and the choices. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getAppContext(context);
  const session = await sessionOf(app, request, params.sessionId);
  const expired = session.status === "open" && session.expiresAt <= app.now.toISOString();
  const items = session.params.line_items ?? [];
  return {
    id: session.id,
    status: expired ? ("expired" as const) : session.status,
    currency: (items[0]?.price_data?.currency ?? "usd").toUpperCase(),
    email: session.params.customer_email ?? null,
    lines: items.map((item) => ({
      name: item.price_data?.product_data?.name ?? "",
      cents: (item.price_data?.unit_amount ?? 0) * (item.quantity ?? 1),
    })),
    choices: expired ? [] : choicesFor(session.status),
    cancelUrl: session.params.cancel_url ?? "/",
  };
}

const choiceSchema = z.object({ choice: z.enum(LOCAL_CHECKOUT_CHOICES) });

/** A choice sends its event through the webhook, then returns as Stripe's checkout would. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getAppContext(context);
  const session = await sessionOf(app, request, params.sessionId);
  const parsed = choiceSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw data("Choose Pay, Pay later or Cancel", { status: 400 });
  const { choice } = parsed.data;
  if (choice === "pay" && session.expiresAt <= app.now.toISOString()) {
    return data(
      { error: "This checkout has expired: go back and press Pay now again." },
      { status: 409 },
    );
  }
  const answer = await chooseOnLocalCheckout(app, session, choice);
  if (!answer) return data({ error: "This checkout has already moved on." }, { status: 409 });
  if (!answer.ok) {
    return data(
      { error: `The webhook refused the event: ${await answer.text()}` },
      { status: 502 },
    );
  }
  if (choice === "cancel") return redirect(session.params.cancel_url ?? "/", 303);
  return redirect(session.params.success_url ?? "/", 303);
}

const STATUS_WORDS = {
  open: null,
  processing: "Paid later: the bank is processing the payment. Say how it ends:",
  complete: "Paid.",
  failed: "The bank payment failed.",
  expired: "This checkout has expired.",
  refunded: "Paid, then refunded.",
} as const;

const CHOICE_WORDS = {
  pay: "Pay",
  "pay-later": "Pay later (bank debit)",
  "bank-succeeds": "The bank payment succeeds",
  "bank-fails": "The bank payment fails",
  cancel: "Cancel",
} as const;

export default function LocalCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { status, currency, email, lines, choices, cancelUrl } = loaderData;
  const total = lines.reduce((sum, line) => sum + line.cents, 0) / 100;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 md:py-14">
      <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">
        Local checkout: no money moves
      </p>
      <h1 className="text-navy-900 mt-2 font-serif text-4xl">Checkout</h1>
      <p className="mt-3 text-slate-600">
        This machine has no Stripe key, so this page stands in for Stripe&apos;s checkout. Each
        button sends the event Stripe would, signed with the local secret, to the site&apos;s
        webhook.
      </p>
      {email && <p className="mt-2 text-sm break-words text-slate-600">For {email}</p>}
      <ul className="mt-6 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {lines.map((line) => (
          <li key={line.name} className="flex justify-between gap-4 py-3">
            <span className="min-w-0 break-words text-slate-700">{line.name}</span>
            <span className="text-navy-900 whitespace-nowrap">
              {money(line.cents / 100, currency)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-navy-900 mt-3 flex justify-between text-lg font-semibold">
        <span>Total</span>
        <span>{money(total, currency)}</span>
      </p>
      {STATUS_WORDS[status] && <p className="mt-6 text-slate-700">{STATUS_WORDS[status]}</p>}
      {actionData?.error && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {actionData.error}
        </p>
      )}
      {choices.length > 0 ? (
        <Form method="post" reloadDocument className="mt-6 flex flex-wrap gap-3">
          {choices.map((choice) => (
            <button
              key={choice}
              type="submit"
              name="choice"
              value={choice}
              className={choice === "pay" ? buttonClass.primary : buttonClass.secondary}
            >
              {CHOICE_WORDS[choice]}
            </button>
          ))}
        </Form>
      ) : (
        <a href={cancelUrl} className="text-gold-700 mt-6 inline-block font-semibold underline">
          Back to the site
        </a>
      )}
    </div>
  );
}
