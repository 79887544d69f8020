import { useEffect } from "react";
import * as sonner from "sonner";
import { toasterMounted } from "~/lib/toast";

/** Sonner's toaster, loaded with the first toast (see ~/lib/toast). */
export default function SonnerToaster() {
  // Sonner's toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(() => toasterMounted(sonner), []);
  // Below the sticky header, so a toast never covers its links or Sign out.
  return (
    <sonner.Toaster
      position="top-center"
      offset={{ top: 76 }}
      mobileOffset={{ top: 72 }}
      richColors
      closeButton
    />
  );
}
