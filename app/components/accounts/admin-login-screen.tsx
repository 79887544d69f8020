import { type MagicLinkOutcome } from "~/accounts/login-schema";
import { MagicLinkForm, MagicLinkSent } from "./magic-link-form";

/** The admin pages' sign-in screen, shown to anyone who is not a signed-in admin. */
export function AdminLoginScreen({
  dest,
  siteKey,
  message,
  outcome,
}: {
  dest: string;
  siteKey: string;
  message: string | null;
  /** The answer to the form's last post, brought back to this page. */
  outcome: MagicLinkOutcome | undefined;
}) {
  if (outcome?.sentTo) {
    return (
      <section className="mx-auto max-w-md px-6 py-16">
        <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
          <MagicLinkSent email={outcome.sentTo} />
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-6 py-16">
      <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-navy-900 font-serif text-3xl">Admin sign in</h1>
        <p className="mt-2 text-sm text-slate-600">
          Admins sign in with a one-time link sent to an authorized e-mail address.
        </p>
        {message && (
          <p role="alert" className="mt-5 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {message}
          </p>
        )}
        <div className="mt-6">
          <MagicLinkForm variant="admin" dest={dest} siteKey={siteKey} actionData={outcome} />
        </div>
        <div className="bg-sand-100 mt-8 rounded-xl p-4 text-sm text-slate-700">
          <p className="text-navy-900 font-semibold">Tips</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Use the e-mail address that is on the admin list.</li>
            <li>The link works once and expires after 1 hour.</li>
            <li>Wait 60 seconds before asking for another link.</li>
            <li>Can't find it? Check your spam or promotions folder.</li>
            <li>Open the link in the browser where you want to be signed in.</li>
          </ul>
        </div>
      </div>
    </section>
  );
}
