import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { toast } from "sonner";
import { type Route } from "./+types/contact";
import { getAuth } from "~/auth/guards.server";
import { BotCheck } from "~/components/bot-check";
import {
  FormError,
  HoneypotField,
  IdempotencyField,
  NameFields,
  SubmitButton,
  SuccessPanel,
  TextareaField,
  TextField,
} from "~/components/request-form/fields";
import { requestFormAction } from "~/requests/submit.server";
import {
  useReplyEffects,
  useSubmitting,
  type RequestFormActionData,
} from "~/components/request-form/use-request-form";
import { getAppContext } from "~/context";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { storeSupportMessage } from "~/models/request.server";
import { supportMessageSchema } from "~/requests/schemas";

const PATH = "/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Contact us",
    description: `Questions about a resort, a reservation, your membership or our agent program? Call or send ${siteFromMatches(matches).siteName} a message.`,
    path: PATH,
  });

// Every visit gets its own one-time key: never share a rendering of this page through a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  const auth = await getAuth(context);
  const phone = getAppContext(context).env.CONTACT_PHONE?.trim() || null;
  return { idempotencyKey: crypto.randomUUID(), email: auth?.user.email ?? "", phone };
}

export function action(args: Route.ActionArgs) {
  return requestFormAction(args, {
    label: "support message",
    schema: supportMessageSchema,
    store: storeSupportMessage,
    failed: {
      message: "Failed to send message. Please try again.",
      toast: "Failed to submit support message",
    },
  });
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

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { turnstileSiteKey, contactEmail } = siteFromMatches(matches);
  if (actionData?.sentTo) return <MessageReceived email={actionData.sentTo} />;

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
          <MessageForm
            idempotencyKey={loaderData.idempotencyKey}
            email={loaderData.email}
            siteKey={turnstileSiteKey}
            actionData={actionData}
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

function MessageReceived({ email }: { email: string }) {
  useEffect(() => {
    toast.success("Message sent successfully!");
  }, []);
  return (
    <SuccessPanel title="Message Received">
      <p>Thank you for writing to us. We will get back to you soon.</p>
      <p className="text-base text-slate-600">
        We'll reply to <strong className="text-navy-900 font-semibold">{email}</strong>.
      </p>
      <p className="pt-4">
        <Link
          to="/locations"
          className="bg-navy-900 hover:bg-navy-800 inline-block rounded-lg px-5 py-3 text-base font-semibold text-white"
        >
          Browse Resorts
        </Link>
      </p>
    </SuccessPanel>
  );
}

function MessageForm({
  idempotencyKey,
  email,
  siteKey,
  actionData,
}: {
  idempotencyKey: string;
  email: string;
  siteKey: string;
  actionData: RequestFormActionData | undefined;
}) {
  const submitting = useSubmitting(PATH);
  const botCheckKey = useReplyEffects(actionData);
  const [form, fields] = useForm({
    id: "support-message",
    lastResult: submitting ? undefined : actionData?.result,
    defaultValue: { email },
    constraint: getZodConstraint(supportMessageSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportMessageSchema }),
  });

  return (
    <Form
      method="post"
      action={`${PATH}#message`}
      {...getFormProps(form)}
      className="relative mt-6 space-y-6"
    >
      <IdempotencyField field={fields.idempotencyKey} fallback={idempotencyKey} />
      <HoneypotField />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <div className="grid grid-cols-1 gap-x-5 gap-y-6 sm:grid-cols-2">
        <TextField field={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
      </div>
      <TextareaField field={fields.message} label="Message" rows={6} />
      <BotCheck key={botCheckKey} siteKey={siteKey} />
      <FormError form={form} />
      <SubmitButton busy={submitting} label="Send message" busyLabel="Sending..." />
    </Form>
  );
}
