import { useEffect } from "react";
import * as sonner from "sonner";
import { toasterMounted } from "~/lib/toast";

/** Sonner's toaster, loaded with the first toast (see ~/lib/toast). */
export default function SonnerToaster() {
  // Sonner's toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(() => toasterMounted(sonner), []);
  return <sonner.Toaster position="top-center" richColors closeButton />;
}
