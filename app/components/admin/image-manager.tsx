import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableSyntheticListeners,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type CSSProperties,
  type DragEvent,
  type FormEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import {
  IMAGE_ACTION_PATH,
  IMAGE_RULES,
  IMAGE_TOASTS,
  CONFIRMED_FIELD,
  DELETE_CONFIRM,
  JSON_FIELD,
  LONG_PRESS_CONFIRM,
  STALE_IMAGE_SET,
  type ImageActionResult,
} from "~/admin/image-actions";
import { neighbourOf, REORDER_MESSAGES } from "~/admin/reorder";
import { useHydrated } from "~/lib/use-hydrated";
import { useImageFailure } from "~/lib/use-image-failure";

/**
 * The admin image manager (spec sections 2, 4, 5 and 8) for one group of pictures: a location's
 * own, or one room type's. Every control is a form posting to /admin/images, so it all works
 * without JavaScript (the action redirects back to `redirectTo` with a flash toast). With
 * JavaScript: a drop zone and an upload with a progress bar, drag-and-drop reordering (mouse,
 * touch handle, keyboard) with an optimistic order, delete confirmations (a long press on a touch
 * screen opens 'Delete this image?'), toasts, and a placeholder for pictures that fail to load.
 */

export interface ManagedImage {
  id: string;
  url: string;
  width: number;
  height: number;
  alt: string | null;
}

export interface ImageManagerProps {
  locationId: string;
  roomTypeId: string | null;
  /** This group's pictures, in display order. */
  images: ManagedImage[];
  /** The page to come back to after a post without JavaScript (a same-site path). */
  redirectTo: string;
  /** Default 'Resort Images', or 'Room Images' with a room type. */
  title?: string;
  /** The image a delete posted without JavaScript asks about: the page shows the question. */
  confirmDeleteId?: string | null;
}

export const LONG_PRESS_MS = 800;
/** A finger that moves further than this is scrolling, not pressing. */
const LONG_PRESS_SLOP_PX = 10;

const buttonBase =
  "inline-flex items-center justify-center rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";
const smallButton = `${buttonBase} h-9 min-w-9 px-2.5`;

function sectionIdOf(locationId: string, roomTypeId: string | null) {
  return `images-${(roomTypeId ?? locationId).replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** Back to this section after a post without JavaScript. */
function withSectionHash(path: string, sectionId: string) {
  return path.includes("#") ? path : `${path}#${sectionId}`;
}

function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

const isImageFile = (file: File) => file.type.startsWith("image/");
const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

function altOf(image: ManagedImage, position: number, title: string) {
  return image.alt?.trim() ? image.alt : `${title} ${position}`;
}

/** The fields every form of a group carries. */
function GroupFields({
  locationId,
  roomTypeId,
  redirectTo,
}: {
  locationId: string;
  roomTypeId: string | null;
  redirectTo: string;
}) {
  return (
    <>
      <input type="hidden" name="locationId" value={locationId} />
      <input type="hidden" name="roomTypeId" value={roomTypeId ?? ""} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

export function ImageManager({
  locationId,
  roomTypeId,
  images,
  redirectTo,
  title,
  confirmDeleteId,
}: ImageManagerProps) {
  const hydrated = useHydrated();
  const heading = title ?? (roomTypeId ? "Room Images" : "Resort Images");
  const sectionId = sectionIdOf(locationId, roomTypeId);
  const back = withSectionHash(redirectTo, sectionId);
  const group = { locationId, roomTypeId, redirectTo: back };
  const revalidator = useRevalidator();

  const reorderFetcher = useFetcher<ImageActionResult>();
  const deleteFetcher = useFetcher<ImageActionResult>();
  const reordering = reorderFetcher.state !== "idle";
  const deletingId =
    deleteFetcher.state !== "idle" ? String(deleteFetcher.formData?.get("imageId") ?? "") : null;

  // The order shown while a reorder is on its way; null once the server's order is back.
  const [optimisticOrder, setOptimisticOrder] = useState<string[] | null>(null);
  const byId = new Map(images.map((image) => [image.id, image]));
  const shown = (
    optimisticOrder
      ? optimisticOrder.map((id) => byId.get(id)).filter((image) => image !== undefined)
      : images
  ).filter((image) => image.id !== deletingId);
  const ids = shown.map((image) => image.id);

  const [confirmTarget, setConfirmTarget] = useState<{ id: string; position: number } | null>(null);
  const confirming = confirmDeleteId ? (byId.get(confirmDeleteId) ?? null) : null;

  // Toasts for the fetchers' answers, each answer once.
  const handled = useRef(new WeakSet<object>());
  useEffect(() => {
    const result = reorderFetcher.data;
    if (reorderFetcher.state !== "idle" || !result || handled.current.has(result)) return;
    handled.current.add(result);
    setOptimisticOrder(null);
    if (result.ok) {
      toast.success(IMAGE_TOASTS.reordered);
      return;
    }
    toast.error(IMAGE_TOASTS.reorderFailed(result.message));
    // The list on the page is stale (spec section 8): fetch it again.
    const stale =
      result.message.includes(STALE_IMAGE_SET) ||
      result.message === REORDER_MESSAGES.imageIndices ||
      result.message === REORDER_MESSAGES.noImages;
    if (stale) void revalidator.revalidate();
  }, [reorderFetcher.state, reorderFetcher.data, revalidator]);

  useEffect(() => {
    const result = deleteFetcher.data;
    if (deleteFetcher.state !== "idle" || !result || handled.current.has(result)) return;
    handled.current.add(result);
    if (result.ok) toast.success(IMAGE_TOASTS.deleted);
    else {
      toast.error(IMAGE_TOASTS.deleteFailed(result.message));
      void revalidator.revalidate();
    }
  }, [deleteFetcher.state, deleteFetcher.data, revalidator]);

  const reorder = useCallback(
    (draggedId: string, targetId: string) => {
      if (draggedId === targetId || reordering || deletingId !== null) return;
      const from = ids.indexOf(draggedId);
      const to = ids.indexOf(targetId);
      if (from === -1 || to === -1) return;
      setOptimisticOrder(arrayMove(ids, from, to));
      reorderFetcher.submit(
        {
          intent: "reorder",
          draggedId,
          targetId,
          locationId,
          roomTypeId: roomTypeId ?? "",
          redirectTo: back,
          [JSON_FIELD]: "json",
        },
        { method: "post", action: IMAGE_ACTION_PATH },
      );
    },
    [ids, reordering, deletingId, reorderFetcher, locationId, roomTypeId, back],
  );

  const remove = useCallback(
    (imageId: string) => {
      // One at a time: the list changes with each.
      if (deleteFetcher.state !== "idle") return;
      deleteFetcher.submit(
        {
          intent: "delete",
          imageId,
          locationId,
          roomTypeId: roomTypeId ?? "",
          redirectTo: back,
          [CONFIRMED_FIELD]: "yes",
          [JSON_FIELD]: "json",
        },
        { method: "post", action: IMAGE_ACTION_PATH },
      );
    },
    [deleteFetcher, locationId, roomTypeId, back],
  );

  const cardProps = (image: ManagedImage, index: number): ImageCardProps => ({
    image,
    position: index + 1,
    alt: altOf(image, index + 1, heading),
    earlierId: neighbourOf(ids, image.id, "up"),
    laterId: neighbourOf(ids, image.id, "down"),
    group,
    hydrated,
    reorderDisabled: reordering || deletingId !== null,
    deleteDisabled: deletingId !== null,
    onMove: reorder,
    onDelete: (id) => {
      if (window.confirm(DELETE_CONFIRM)) remove(id);
    },
    onLongPress: (id) => setConfirmTarget({ id, position: index + 1 }),
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

      <UploadForm group={group} hydrated={hydrated} onUploaded={() => revalidator.revalidate()} />

      {shown.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          No images yet. Upload the first one above.
        </p>
      ) : (
        <>
          <p id={`${sectionId}-help`} className="mt-6 text-sm text-slate-600">
            The first image is shown first on the public page.{" "}
            {hydrated
              ? "Drag an image (or its handle) to reorder, or use the arrows. On a touch screen, press and hold an image to delete it."
              : "Use the arrows to reorder."}
          </p>
          {hydrated ? (
            <SortableGrid ids={ids} disabled={reordering || deletingId !== null} onMove={reorder}>
              {shown.map((image, index) => (
                <SortableImageCard key={image.id} {...cardProps(image, index)} />
              ))}
            </SortableGrid>
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
        target={confirmTarget}
        image={confirmTarget ? (byId.get(confirmTarget.id) ?? null) : null}
        onCancel={() => setConfirmTarget(null)}
        onConfirm={(id) => {
          setConfirmTarget(null);
          remove(id);
        }}
      />
    </section>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Upload                                                                                      */
/* ------------------------------------------------------------------------------------------ */

interface Group {
  locationId: string;
  roomTypeId: string | null;
  redirectTo: string;
}

function UploadForm({
  group,
  hydrated,
  onUploaded,
}: {
  group: Group;
  hydrated: boolean;
  onUploaded: () => unknown;
}) {
  const inputId = useId();
  const hintId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [dragOver, setDragOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const uploading = progress !== null;

  useEffect(() => () => xhrRef.current?.abort(), []);

  /** Adds the images among `incoming`; anything else is skipped with the spec's toast. */
  const addFiles = (incoming: File[]) => {
    const accepted = incoming.filter(isImageFile);
    if (accepted.length < incoming.length) toast.error(IMAGE_RULES.onlyImages);
    if (accepted.length === 0) return;
    setFiles((current) => {
      const known = new Set(current.map(fileKey));
      return [...current, ...accepted.filter((file) => !known.has(fileKey(file)))];
    });
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.currentTarget.files ?? []));
    // The list above holds the choice; the input is free for another pick.
    event.currentTarget.value = "";
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    if (uploading) return;
    addFiles(Array.from(event.dataTransfer.files));
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = uploading ? "none" : "copy";
    setDragOver(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    if (files.length === 0) {
      toast.error(IMAGE_RULES.noFiles);
      return;
    }
    // Early answers for what the server would refuse anyway, before sending megabytes.
    if (files.length > IMAGE_RULES.maxFiles) {
      toast.error(IMAGE_TOASTS.uploadFailed(IMAGE_RULES.tooMany));
      return;
    }
    if (files.some((file) => file.size > IMAGE_RULES.maxBytes)) {
      toast.error(IMAGE_TOASTS.uploadFailed(IMAGE_RULES.tooLarge));
      return;
    }
    const body = new FormData();
    body.set("intent", "upload");
    body.set("locationId", group.locationId);
    body.set("roomTypeId", group.roomTypeId ?? "");
    body.set("redirectTo", group.redirectTo);
    for (const file of files) body.append("files", file, file.name);

    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open("POST", IMAGE_ACTION_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable)
        setProgress(Math.min(100, Math.round((progressEvent.loaded / progressEvent.total) * 100)));
    };
    const finish = () => {
      xhrRef.current = null;
      setProgress(null);
    };
    xhr.onload = async () => {
      let result: ImageActionResult | null = null;
      try {
        result = JSON.parse(xhr.responseText) as ImageActionResult;
      } catch {
        result = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && result?.ok) {
        setProgress(100);
        setFiles([]);
        await onUploaded();
        finish();
        toast.success(IMAGE_TOASTS.uploaded(result.ids?.length ?? files.length));
        return;
      }
      finish();
      const message =
        result && !result.ok
          ? result.message
          : xhr.status === 413
            ? IMAGE_RULES.tooLarge
            : `Server error (${xhr.status})`;
      toast.error(IMAGE_TOASTS.uploadFailed(message));
    };
    xhr.onerror = () => {
      finish();
      toast.error(
        IMAGE_TOASTS.uploadFailed("Network error. Please check your connection and try again."),
      );
    };
    xhr.onabort = finish;
    setProgress(0);
    xhr.send(body);
  };

  return (
    <form
      method="post"
      action={IMAGE_ACTION_PATH}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="mt-4"
    >
      <input type="hidden" name="intent" value="upload" />
      <GroupFields {...group} />
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
        }}
        onDrop={onDrop}
        data-dragging={dragOver || undefined}
        className={`rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
          dragOver ? "border-gold-500 bg-gold-300/20" : "bg-sand-50 border-slate-300"
        }`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="text-navy-700 mx-auto h-8 w-8">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          />
        </svg>
        {hydrated ? (
          <p className="mt-2 text-sm text-slate-700">
            Drag and drop images here, or{" "}
            <label
              htmlFor={inputId}
              className="text-gold-700 cursor-pointer font-semibold underline-offset-4 hover:underline"
            >
              choose files
            </label>
          </p>
        ) : (
          <label htmlFor={inputId} className="text-navy-900 mt-2 block text-sm font-semibold">
            Choose images to upload
          </label>
        )}
        <input
          id={inputId}
          type="file"
          name="files"
          multiple
          accept="image/*"
          aria-describedby={hintId}
          onChange={onInputChange}
          disabled={uploading}
          className={
            hydrated
              ? "sr-only"
              : "file:bg-navy-900 mx-auto mt-3 block max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:px-3 file:py-2 file:font-semibold file:text-white"
          }
        />
        <p id={hintId} className="mt-2 text-xs text-slate-600">
          JPEG, PNG, WebP, GIF or AVIF; up to {IMAGE_RULES.maxFiles} images of 10 MB each.
        </p>
      </div>

      {hydrated && files.length > 0 && (
        <div className="mt-3">
          <p className="text-navy-900 text-sm font-medium" aria-live="polite">
            {files.length} image{files.length === 1 ? "" : "s"} selected
          </p>
          <ul
            aria-label="Selected images"
            className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
          >
            {files.map((file) => (
              <li key={fileKey(file)} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
                <span
                  className={
                    file.size > IMAGE_RULES.maxBytes
                      ? "font-semibold text-red-700"
                      : "text-slate-600"
                  }
                >
                  {formatBytes(file.size)}
                </span>
                <button
                  type="button"
                  disabled={uploading}
                  onClick={() =>
                    setFiles((current) =>
                      current.filter((other) => fileKey(other) !== fileKey(file)),
                    )
                  }
                  aria-label={`Remove ${file.name}`}
                  className={`${smallButton} text-slate-600 hover:bg-slate-100`}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {progress !== null && (
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="bg-gold-500 h-full rounded-full transition-[width] duration-200"
              style={{ width: `${progress}%` }}
            />
          </div>
          <span className="text-navy-900 w-12 text-right text-sm font-semibold tabular-nums">
            {progress}%
          </span>
        </div>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={uploading}
          className={`${buttonBase} bg-navy-900 hover:bg-navy-800 px-5 py-2.5 text-white`}
        >
          {uploading ? "Uploading..." : "Upload"}
        </button>
        {uploading && (
          <button
            type="button"
            onClick={() => xhrRef.current?.abort()}
            className={`${buttonBase} px-3 py-2.5 text-slate-700 hover:bg-slate-100`}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Grid and cards                                                                              */
/* ------------------------------------------------------------------------------------------ */

// Columns follow the section's width (container queries): the page may put it in a narrow column.
const gridClass = "mt-3 grid grid-cols-2 gap-3 @lg:grid-cols-3 @lg:gap-4 @3xl:grid-cols-4";

function SortableGrid({
  ids,
  disabled,
  onMove,
  children,
}: {
  ids: string[];
  disabled: boolean;
  onMove: (draggedId: string, targetId: string) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A short move starts a drag, so a click on a button inside a card stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up image ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Image ${position(active.id)} is over position ${position(over.id)}.`
        : `Image ${position(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Image ${position(active.id)} was moved to position ${position(over.id)}.`
        : `Image ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. Image ${position(active.id)} stays in place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!disabled && over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To pick up an image, press space or enter. Use the arrow keys to move it, space or enter to drop it in its new position, or escape to cancel.",
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ol className={gridClass}>{children}</ol>
      </SortableContext>
    </DndContext>
  );
}

interface ImageCardProps {
  image: ManagedImage;
  position: number;
  alt: string;
  earlierId: string | null;
  laterId: string | null;
  group: Group;
  hydrated: boolean;
  reorderDisabled: boolean;
  deleteDisabled: boolean;
  onMove: (draggedId: string, targetId: string) => void;
  onDelete: (imageId: string) => void;
  onLongPress: (imageId: string) => void;
}

interface Sortable {
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  style: CSSProperties;
  listeners: DraggableSyntheticListeners;
  attributes: Record<string, unknown>;
  isDragging: boolean;
}

function SortableImageCard(props: ImageCardProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: props.image.id,
    disabled: props.reorderDisabled,
  });
  return (
    <ImageCard
      {...props}
      sortable={{
        setNodeRef,
        setActivatorNodeRef,
        style: { transform: CSS.Translate.toString(transform), transition },
        listeners,
        attributes: attributes as unknown as Record<string, unknown>,
        isDragging,
      }}
    />
  );
}

/** A press of LONG_PRESS_MS with a finger, without moving, asks to delete (spec section 2). */
function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  return {
    begin(event: ReactPointerEvent) {
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        start.current = null;
        navigator.vibrate?.(30);
        onLongPress();
      }, LONG_PRESS_MS);
    },
    move(event: ReactPointerEvent) {
      const from = start.current;
      if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > LONG_PRESS_SLOP_PX)
        cancel();
    },
    cancel,
  };
}

function ImageCard(props: ImageCardProps & { sortable?: Sortable }) {
  const { image, position, alt, earlierId, laterId, group, hydrated, sortable } = props;
  const longPress = useLongPress(() => props.onLongPress(image.id));

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "touch") {
      // Fingers scroll the page and long-press to delete; they drag by the handle.
      longPress.begin(event);
      return;
    }
    sortable?.listeners?.onPointerDown?.(event);
  };

  return (
    <li
      ref={sortable?.setNodeRef}
      style={sortable?.style}
      data-image-id={image.id}
      className={`@container relative flex flex-col overflow-hidden rounded-xl bg-white ring-1 ${
        sortable?.isDragging ? "ring-gold-500 z-10 shadow-xl ring-2" : "shadow-sm ring-slate-200"
      }`}
    >
      <div
        onPointerDown={hydrated ? onPointerDown : undefined}
        onPointerMove={hydrated ? longPress.move : undefined}
        onPointerUp={hydrated ? longPress.cancel : undefined}
        onPointerCancel={hydrated ? longPress.cancel : undefined}
        onPointerLeave={hydrated ? longPress.cancel : undefined}
        onContextMenu={(event) => {
          // A long press on a touch screen would otherwise open the browser's image menu.
          if ((event.nativeEvent as PointerEvent).pointerType === "touch") event.preventDefault();
        }}
        className={`relative aspect-[4/3] bg-slate-100 select-none [-webkit-touch-callout:none] ${
          sortable && !props.reorderDisabled ? "cursor-grab active:cursor-grabbing" : ""
        }`}
      >
        <CardImage image={image} alt={alt} />
        <span className="bg-navy-900/85 pointer-events-none absolute top-2 left-2 rounded-full px-2 py-0.5 text-xs font-semibold text-white">
          {position}
        </span>
        {sortable && (
          <button
            type="button"
            ref={sortable.setActivatorNodeRef}
            {...sortable.attributes}
            {...sortable.listeners}
            disabled={props.reorderDisabled}
            aria-label={`Drag image ${position} to reorder`}
            title="Drag to reorder"
            className={`${smallButton} text-navy-900 absolute top-2 right-2 touch-none bg-white/90 shadow ring-1 ring-slate-200 hover:bg-white`}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4">
              {[6, 10, 14].flatMap((y) =>
                [7, 13].map((x) => (
                  <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" fill="currentColor" />
                )),
              )}
            </svg>
          </button>
        )}
      </div>
      <div className="flex items-center gap-1 border-t border-slate-100 p-2">
        <MoveForm
          label={`Move image ${position} earlier`}
          title="Move left"
          symbol="←"
          imageId={image.id}
          targetId={earlierId}
          group={group}
          disabled={props.reorderDisabled}
          onMove={hydrated ? props.onMove : undefined}
        />
        <MoveForm
          label={`Move image ${position} later`}
          title="Move right"
          symbol="→"
          imageId={image.id}
          targetId={laterId}
          group={group}
          disabled={props.reorderDisabled}
          onMove={hydrated ? props.onMove : undefined}
        />
        <form
          method="post"
          action={IMAGE_ACTION_PATH}
          className="ml-auto"
          onSubmit={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            props.onDelete(image.id);
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="imageId" value={image.id} />
          <GroupFields {...group} />
          <button
            type="submit"
            disabled={props.deleteDisabled}
            aria-label={`Delete image ${position}`}
            title="Delete"
            className={`${smallButton} gap-1.5 text-red-700 ring-1 ring-red-200 hover:bg-red-50`}
          >
            <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M4 6h12M8 6V4.5A1.5 1.5 0 0 1 9.5 3h1A1.5 1.5 0 0 1 12 4.5V6m2 0-.6 9.1a1.5 1.5 0 0 1-1.5 1.4H8.1a1.5 1.5 0 0 1-1.5-1.4L6 6m2.5 3v4.5m3-4.5v4.5"
              />
            </svg>
            <span className="hidden @[10.5rem]:inline">Delete</span>
          </button>
        </form>
      </div>
    </li>
  );
}

function MoveForm({
  label,
  title,
  symbol,
  imageId,
  targetId,
  group,
  disabled,
  onMove,
}: {
  label: string;
  title: string;
  symbol: string;
  imageId: string;
  targetId: string | null;
  group: Group;
  disabled: boolean;
  onMove?: (draggedId: string, targetId: string) => void;
}) {
  const button = (
    <button
      type="submit"
      disabled={disabled || targetId === null}
      aria-label={label}
      title={title}
      className={`${smallButton} text-navy-900 ring-1 ring-slate-200 hover:bg-slate-50`}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  if (targetId === null) return button;
  return (
    <form
      method="post"
      action={IMAGE_ACTION_PATH}
      onSubmit={(event) => {
        if (!onMove) return;
        event.preventDefault();
        onMove(imageId, targetId);
      }}
    >
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="draggedId" value={imageId} />
      <input type="hidden" name="targetId" value={targetId} />
      <GroupFields {...group} />
      {button}
    </form>
  );
}

/** The picture, or the spec's 'Image Error' placeholder when it does not load. */
function CardImage({ image, alt }: { image: ManagedImage; alt: string }) {
  const { failed, imageProps } = useImageFailure();
  if (failed) {
    return (
      <div className="flex h-full w-full flex-col items-center justify-center gap-1 bg-gradient-to-br from-slate-100 to-slate-200 text-center">
        <span className="text-sm font-semibold text-slate-600">Image Error</span>
        <span className="sr-only">{alt}</span>
      </div>
    );
  }
  return (
    <img
      {...imageProps}
      src={image.url}
      alt={alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      draggable={false}
      className="h-full w-full object-cover"
    />
  );
}

/** The question a delete posted without JavaScript comes back with, at the top of its group. */
function DeleteConfirmation({
  image,
  position,
  alt,
  group,
}: {
  image: ManagedImage;
  position: number;
  alt: string;
  group: Group;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
      <img
        src={image.url}
        alt={alt}
        width={image.width}
        height={image.height}
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

function LongPressDialog({
  target,
  image,
  onCancel,
  onConfirm,
}: {
  target: { id: string; position: number } | null;
  image: ManagedImage | null;
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
          {image && (
            <img
              src={image.url}
              alt=""
              width={image.width}
              height={image.height}
              className="mt-3 aspect-[4/3] w-full rounded-lg object-cover"
            />
          )}
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
              onClick={() => onConfirm(target.id)}
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
