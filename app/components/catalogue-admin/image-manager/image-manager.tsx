import { rectSortingStrategy } from "@dnd-kit/sortable";
import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import {
  CONFIRMED_FIELD,
  DELETE_CONFIRM,
  IMAGE_ACTION_PATH,
  IMAGE_TOASTS,
  JSON_FIELD,
  type ImageActionResult,
} from "~/catalogue/image-manager";
import { neighbourOf } from "~/catalogue/reorder";
import { useHydrated } from "~/lib/use-hydrated";
import { SortableList, type SortableWords } from "../../admin/sortable-list";
import { useFetcherAnswer } from "../../admin/use-fetcher-answer";
import { pendingMoveOf, useOptimisticOrder } from "../../admin/use-optimistic-order";
import { DeleteConfirmation, LongPressDialog } from "./delete-prompts";
import { altOf, sectionIdOf, withSectionHash, type ManagedImage } from "./group";
import { ImageCard, SortableImageCard, type ImageCardProps } from "./image-card";
import { UploadForm } from "./upload-form";

/** Pictures are told apart by their position, not a name. */
const WORDS: SortableWords = {
  instructions:
    "To pick up an image, press space or enter. Use the arrow keys to move it, space or enter to drop it in its new position, or escape to cancel.",
  pickedUp: ({ position, count }) => `Picked up image ${position} of ${count}.`,
  over: (item, over) =>
    over
      ? `Image ${item.position} is over position ${over.position}.`
      : `Image ${item.position} is not over a position.`,
  dropped: (item, over) =>
    over
      ? `Image ${item.position} was moved to position ${over.position}.`
      : `Image ${item.position} was dropped.`,
  cancelled: ({ position }) => `Reordering cancelled. Image ${position} stays in place.`,
};

// Columns follow the section's width (container queries): the page may put it in a narrow column.
const gridClass = "mt-3 grid grid-cols-2 gap-3 @lg:grid-cols-3 @lg:gap-4 @3xl:grid-cols-4";

/**
 * One group of pictures: a location's own ('Resort Images'), or one room type's ('Room Images').
 * Every control is a form posting to /admin/images, so it all works without JavaScript (the
 * action redirects back to `redirectTo` with a flash toast). With JavaScript: a drop zone and an
 * upload with a progress bar, drag-and-drop reordering (mouse, touch handle, keyboard) shown at
 * once, delete confirmations (a long press on a touch screen asks 'Delete this image?'), toasts,
 * and a placeholder for pictures that fail to load.
 */
export function ImageManager({
  locationId,
  roomTypeId,
  images,
  redirectTo,
  confirmDeleteId,
}: {
  locationId: string;
  roomTypeId: string | null;
  /** This group's pictures, in display order. */
  images: ManagedImage[];
  /** The page to come back to after a post without JavaScript (a same-site path). */
  redirectTo: string;
  /** The image a delete posted without JavaScript asks about: the page shows the question. */
  confirmDeleteId: string | null;
}) {
  const hydrated = useHydrated();
  const heading = roomTypeId ? "Room Images" : "Resort Images";
  const sectionId = sectionIdOf(locationId, roomTypeId);
  const group = { locationId, roomTypeId, redirectTo: withSectionHash(redirectTo, sectionId) };
  const revalidator = useRevalidator();

  const reorderFetcher = useFetcher<ImageActionResult>();
  const deleteFetcher = useFetcher<ImageActionResult>();
  const deletingId =
    deleteFetcher.state !== "idle" ? String(deleteFetcher.formData?.get("imageId") ?? "") : null;
  const busy = reorderFetcher.state !== "idle" || deletingId !== null;
  const order = useOptimisticOrder(images, pendingMoveOf(reorderFetcher.formData));
  // A picture being deleted leaves the list at once.
  const shown = order.items.filter((image) => image.id !== deletingId);
  const ids = shown.map((image) => image.id);
  const [longPressed, setLongPressed] = useState<{ image: ManagedImage; position: number } | null>(
    null,
  );
  const confirming = images.find((image) => image.id === confirmDeleteId);

  useFetcherAnswer(reorderFetcher, (result) => {
    if (result.ok) {
      toast.success(IMAGE_TOASTS.reordered);
      return;
    }
    toast.error(IMAGE_TOASTS.reorderFailed(result.message));
    // The page's list is out of date: load it again.
    void revalidator.revalidate();
  });
  useFetcherAnswer(deleteFetcher, (result) => {
    if (result.ok) {
      toast.success(IMAGE_TOASTS.deleted);
      return;
    }
    toast.error(IMAGE_TOASTS.deleteFailed(result.message));
    void revalidator.revalidate();
  });

  const post = (fetcher: typeof reorderFetcher, fields: Record<string, string>) =>
    void fetcher.submit(
      {
        ...fields,
        locationId,
        roomTypeId: roomTypeId ?? "",
        redirectTo: group.redirectTo,
        [JSON_FIELD]: "json",
      },
      { method: "post", action: IMAGE_ACTION_PATH },
    );
  const reorder = (draggedId: string, targetId: string) => {
    if (draggedId === targetId || busy) return;
    post(reorderFetcher, { intent: "reorder", draggedId, targetId });
  };
  // One at a time: the list changes with each.
  const remove = (imageId: string) => {
    if (deleteFetcher.state === "idle") {
      post(deleteFetcher, { intent: "delete", imageId, [CONFIRMED_FIELD]: "yes" });
    }
  };

  const cardProps = (image: ManagedImage, index: number): ImageCardProps => ({
    image,
    position: index + 1,
    alt: altOf(image, index + 1, heading),
    earlierId: neighbourOf(ids, image.id, "up"),
    laterId: neighbourOf(ids, image.id, "down"),
    group,
    hydrated,
    reorderDisabled: busy,
    deleteDisabled: deletingId !== null,
    onMove: reorder,
    onDelete: (id) => {
      if (window.confirm(DELETE_CONFIRM)) remove(id);
    },
    onLongPress: () => setLongPressed({ image, position: index + 1 }),
  });

  return (
    <section
      id={sectionId}
      aria-labelledby={`${sectionId}-heading`}
      className="@container scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${sectionId}-heading`} className="text-navy-900 font-serif text-2xl">
          {heading}
        </h2>
        <span className="text-sm text-slate-600">
          {shown.length} image{shown.length === 1 ? "" : "s"}
        </span>
      </div>

      {confirming && (
        <DeleteConfirmation
          image={confirming}
          position={images.indexOf(confirming) + 1}
          alt={altOf(confirming, images.indexOf(confirming) + 1, heading)}
          group={group}
        />
      )}

      <UploadForm group={group} onUploaded={() => revalidator.revalidate()} />

      {shown.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          No images yet. Upload the first one above.
        </p>
      ) : (
        <>
          <p id={`${sectionId}-help`} className="mt-6 text-sm text-slate-600">
            The first image is shown first on the public page.{" "}
            <span className="noscript:hidden">
              Drag an image (or its handle) to reorder, or use the arrows. On a touch screen, press
              and hold an image to delete it.
            </span>
            <span className="hidden noscript:inline">Use the arrows to reorder.</span>
          </p>
          {hydrated ? (
            <SortableList
              id={sectionId}
              ids={ids}
              nameOf={(id) => `Image ${ids.indexOf(id) + 1}`}
              words={WORDS}
              strategy={rectSortingStrategy}
              disabled={busy}
              onMove={reorder}
            >
              <ol className={gridClass}>
                {shown.map((image, index) => (
                  <SortableImageCard key={image.id} {...cardProps(image, index)} />
                ))}
              </ol>
            </SortableList>
          ) : (
            <ol className={gridClass}>
              {shown.map((image, index) => (
                <ImageCard key={image.id} {...cardProps(image, index)} />
              ))}
            </ol>
          )}
        </>
      )}

      <LongPressDialog
        target={longPressed}
        onCancel={() => setLongPressed(null)}
        onConfirm={(id) => {
          setLongPressed(null);
          remove(id);
        }}
      />
    </section>
  );
}
