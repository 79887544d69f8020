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
        <p
          role="status"
          className={`px-4 py-3 text-center text-sm font-medium ${
            toast.type === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900"
          }`}
        >
          {toast.message}
        </p>
      )}
    </>
  );
}
