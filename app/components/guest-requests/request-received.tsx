import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";

/**
 * What /agents and /contact show once the request is stored: a heading, a thank-you, the address
 * we will reply to, and a way on. The heading takes focus (and the page scrolls to it) when it
 * appears after a submission with JavaScript, so the change is announced.
 */
export function RequestReceived({
  title,
  sentTo,
  next,
  toastMessage,
  children,
}: {
  title: string;
  /** The e-mail the request was sent with. */
  sentTo: string;
  next: { to: string; label: string };
  /** With JavaScript, also said in a toast. */
  toastMessage?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus();
    if (toastMessage) toast.success(toastMessage);
  }, [toastMessage]);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6 md:py-24">
      <div
        role="status"
        className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 sm:p-12"
      >
        <div
          aria-hidden="true"
          className="bg-gold-300/40 text-navy-900 mx-auto flex size-14 items-center justify-center rounded-full text-2xl"
        >
          ✓
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-navy-900 mt-6 font-serif text-4xl focus:outline-none"
        >
          {title}
        </h1>
        <div className="mt-4 space-y-3 text-lg text-slate-700">
          {children}
          <p className="text-base text-slate-600">
            We'll reply to <strong className="text-navy-900 font-semibold">{sentTo}</strong>.
          </p>
          <p className="pt-4">
            <Link
              to={next.to}
              className="bg-navy-900 hover:bg-navy-800 inline-block rounded-lg px-5 py-3 text-base font-semibold text-white"
            >
              {next.label}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
