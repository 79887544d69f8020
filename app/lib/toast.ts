import { type ExternalToast } from "sonner";

type ToastType = "success" | "error" | "info";

/**
 * Toasts for the browser. Most visits never show one, so sonner (its code and its styles) is
 * loaded only when the first toast is asked for: the root's Toaster then mounts sonner's own
 * toaster, and the toasts asked for meanwhile are shown as soon as it listens.
 */

/** What is needed of the loaded module (or of the plain toaster that stands in for it). */
export interface Sonner {
  toast: Record<ToastType, (message: string, options?: ExternalToast) => unknown> & {
    dismiss: (id?: string | number) => unknown;
  };
}

let mountToaster: (() => void) | null = null;
let ready: Promise<Sonner> | null = null;
let resolveReady: ((sonner: Sonner) => void) | null = null;

function loaded() {
  if (!ready) {
    ready = new Promise((resolve) => {
      resolveReady = resolve;
    });
    mountToaster?.();
  }
  return ready;
}

/** The root's Toaster says how to mount sonner's toaster (a toast may already be waiting). */
export function registerToaster(mount: () => void) {
  mountToaster = mount;
  if (ready) mount();
}

/** Sonner's toaster listens: the waiting toasts can go. */
export function toasterMounted(sonner: Sonner) {
  resolveReady?.(sonner);
}

type Show = (message: string, options?: ExternalToast) => void;
const show =
  (type: ToastType): Show =>
  (message, options) => {
    void loaded().then(({ toast }) => toast[type](message, options));
  };

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  dismiss(id?: string | number) {
    void ready?.then(({ toast }) => toast.dismiss(id));
  },
};
