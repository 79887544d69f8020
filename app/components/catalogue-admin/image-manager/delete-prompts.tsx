import { useEffect, useId, useRef } from "react";
import {
  CONFIRMED_FIELD,
  DELETE_CONFIRM,
  IMAGE_ACTION_PATH,
  LONG_PRESS_CONFIRM,
} from "~/catalogue/image-manager";
import { Picture } from "~/components/catalogue/resort-image";
import { buttonBase, GroupFields, type ImageGroup, type ManagedImage } from "./group";

/** The question a delete posted without JavaScript comes back with, at the top of its group. */
export function DeleteConfirmation({
  image,
  position,
  alt,
  group,
}: {
  image: ManagedImage;
  position: number;
  alt: string;
  group: ImageGroup;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
      <Picture
        image={image}
        slot="admin"
        alt={alt}
        className="aspect-[4/3] w-28 shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1">
        <p role="alert" className="font-semibold text-red-900">
          {DELETE_CONFIRM}
        </p>
        <p className="mt-1 text-sm text-red-800">
          Image {position} will be removed from this page and from storage.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <form method="post" action={IMAGE_ACTION_PATH}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="imageId" value={image.id} />
            <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
            <GroupFields {...group} />
            <button
              type="submit"
              className={`${buttonBase} bg-red-700 px-4 py-2 text-white hover:bg-red-800`}
            >
              Yes, delete image {position}
            </button>
          </form>
          <a
            href={group.redirectTo}
            className={`${buttonBase} text-navy-900 bg-white px-4 py-2 ring-1 ring-slate-300 hover:bg-slate-50`}
          >
            Cancel
          </a>
        </div>
      </div>
    </div>
  );
}

/** A long press's question on a touch screen, in a modal dialog. */
export function LongPressDialog({
  target,
  onCancel,
  onConfirm,
}: {
  target: { image: ManagedImage; position: number } | null;
  onCancel: () => void;
  onConfirm: (id: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (target && !dialog.open) dialog.showModal();
    if (!target && dialog.open) dialog.close();
  }, [target]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onCancel}
      onCancel={onCancel}
      className="backdrop:bg-navy-950/50 m-auto w-[min(22rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 text-left shadow-xl ring-1 ring-slate-200"
    >
      {target && (
        <>
          <h3 id={headingId} className="text-navy-900 font-serif text-xl">
            {LONG_PRESS_CONFIRM}
          </h3>
          <Picture
            image={target.image}
            slot="admin"
            alt=""
            className="mt-3 aspect-[4/3] w-full rounded-lg object-cover"
          />
          <p className="mt-2 text-sm text-slate-600">
            Image {target.position} will be removed from this page and from storage.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <button
              type="button"
              onClick={onCancel}
              className={`${buttonBase} text-navy-900 px-4 py-2 ring-1 ring-slate-300 hover:bg-slate-50`}
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={() => onConfirm(target.image.id)}
              className={`${buttonBase} bg-red-700 px-4 py-2 text-white hover:bg-red-800`}
            >
              Delete
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
