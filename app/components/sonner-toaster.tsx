import { useEffect } from "react";
import * as sonner from "sonner";
import { toasterMounted } from "~/lib/toast";

/** Where sonner lays a toast across the whole width. */
const PHONE = "(max-width: 600px)";

/** Sonner's toaster, loaded with the first toast (see ~/lib/toast). */
export default function SonnerToaster() {
  // Sonner's toaster (a child) subscribes in its own effect, which runs before this one.
  useEffect(() => toasterMounted(sonner), []);
  // Below the sticky header, so a toast never covers its links or Sign out; on a phone, where a
  // toast takes the whole width, at the bottom (as the banner without JavaScript), so it does not
  // cover what a page starts with (a way back, its title).
  const phone = window.matchMedia(PHONE).matches;
  return (
    <sonner.Toaster
      position={phone ? "bottom-center" : "top-center"}
      offset={{ top: 76 }}
      mobileOffset={{ bottom: 16 }}
      richColors
      closeButton
    />
  );
}
