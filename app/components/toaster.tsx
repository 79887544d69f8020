import { useEffect } from "react";
import { toast as showToast, Toaster as Sonner } from "sonner";
import { useHydrated } from "~/lib/use-hydrated";

interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

/** Shows the server's one-time message: a toast with JavaScript, a banner without. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message);
  }, [toast]);
  return (
    <>
      <Sonner position="top-center" richColors closeButton />
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
