import { lazy, Suspense, useEffect, useState } from "react";
import { registerToaster, toast as showToast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

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
      {toast && !hydrated && (
        // Fixed in view like a toast: the page may come back scrolled to the part that changed.
        // Without JavaScript a checkbox dismisses it.
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
      )}
    </>
  );
}
