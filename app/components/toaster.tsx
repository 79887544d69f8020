import { lazy, Suspense, useEffect, useState } from "react";
import { registerToaster, toast as showToast, toasterMounted } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

// Sonner comes with the first toast; when it cannot (the connection dropped), the plain toaster
// shows the messages instead of the page giving way to the error screen.
const SonnerToaster = lazy(() =>
  import("./sonner-toaster").catch(() => ({ default: PlainToaster })),
);

interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

/** Shows the server's one-time message: a toast with JavaScript, a banner without. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [mounted, setMounted] = useState(false);
  useEffect(() => registerToaster(() => setMounted(true)), []);
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message);
  }, [toast]);
  return (
    <>
      {mounted && (
        <Suspense fallback={null}>
          <SonnerToaster />
        </Suspense>
      )}
      {toast && !hydrated && <ToastBanner toast={toast} />}
    </>
  );
}

/**
 * A refusal an action answered on the page itself (no redirect, so no one-time message): a toast
 * with JavaScript, each time it answers; the banner without, where the page would otherwise come
 * back with nothing said.
 */
export function ActionToast({ answer }: { answer: { toast?: string | null } | null | undefined }) {
  const hydrated = useHydrated();
  const message = answer?.toast ?? null;
  useEffect(() => {
    if (message) showToast.error(message);
  }, [answer, message]);
  return message && !hydrated ? <ToastBanner toast={{ type: "error", message }} /> : null;
}

/**
 * A toast without sonner: fixed in view like one (the page may come back scrolled to the part
 * that changed), dismissed by a checkbox, so it works without JavaScript too.
 */
function ToastBanner({ toast }: { toast: Toast }) {
  return (
    <div className="fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 has-checked:hidden">
      <div
        className={`flex max-w-md items-center gap-3 rounded-lg py-2 pr-2 pl-4 text-sm font-medium shadow-lg ring-1 ${
          toast.type === "error"
            ? "bg-red-50 text-red-800 ring-red-200"
            : "bg-emerald-50 text-emerald-900 ring-emerald-200"
        }`}
      >
        <p role="status">{toast.message}</p>
        <label className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-full hover:bg-black/5 has-focus-visible:ring-2 has-focus-visible:ring-current">
          <input type="checkbox" className="sr-only" />
          <span aria-hidden="true">✕</span>
          <span className="sr-only">Dismiss</span>
        </label>
      </div>
    </div>
  );
}

/** Stands in for sonner's toaster when its code could not be loaded: the latest toast, plainly. */
function PlainToaster() {
  const [latest, setLatest] = useState<Toast & { id: number }>();
  useEffect(() => {
    let count = 0;
    const show = (type: Toast["type"]) => (message: string) => {
      setLatest({ type, message, id: ++count });
      return count;
    };
    toasterMounted({
      toast: {
        success: show("success"),
        error: show("error"),
        info: show("info"),
        dismiss: (id) =>
          setLatest((shown) => (id === undefined || shown?.id === id ? undefined : shown)),
      },
    });
  }, []);
  return latest ? <ToastBanner key={latest.id} toast={latest} /> : null;
}
