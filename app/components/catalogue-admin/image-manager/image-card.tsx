import { type PointerEvent as ReactPointerEvent } from "react";
import { IMAGE_ACTION_PATH } from "~/catalogue/image-manager";
import { Picture } from "~/components/catalogue/resort-image";
import { useImageFailure } from "~/lib/use-image-failure";
import { GripIcon } from "../../admin/admin-ui";
import { useSortableItem } from "../../admin/sortable-list";
import { buttonBase, GroupFields, smallButton, type ImageGroup, type ManagedImage } from "./group";
import { useLongPress } from "./use-long-press";

export interface ImageCardProps {
  image: ManagedImage;
  position: number;
  alt: string;
  earlierId: string | null;
  laterId: string | null;
  group: ImageGroup;
  hydrated: boolean;
  reorderDisabled: boolean;
  deleteDisabled: boolean;
  onMove: (draggedId: string, targetId: string) => void;
  onDelete: (imageId: string) => void;
  onLongPress: (imageId: string) => void;
}

type Sortable = ReturnType<typeof useSortableItem>;

/** A card that drags: by its picture with a mouse or pen, by its handle with a finger or keys. */
export function SortableImageCard(props: ImageCardProps) {
  return <ImageCard {...props} sortable={useSortableItem(props.image.id, props.reorderDisabled)} />;
}

/**
 * A picture with its position, its move arrows and its delete button, each a form that posts
 * without JavaScript. With it, a finger's long press asks to delete.
 */
export function ImageCard(props: ImageCardProps & { sortable?: Sortable }) {
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
      {...sortable?.item}
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
            {...sortable.handle}
            disabled={props.reorderDisabled}
            aria-label={`Drag image ${position} to reorder`}
            title="Drag to reorder"
            className={`${smallButton} text-navy-900 absolute top-2 right-2 touch-none bg-white/90 shadow ring-1 ring-slate-200 hover:bg-white`}
          >
            <GripIcon className="h-4 w-4" />
          </button>
        )}
      </div>
      <div className="flex items-center gap-1 border-t border-slate-100 p-1.5 @[10.5rem]:p-2">
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
            className={`${cardButton} gap-1.5 text-red-700 ring-1 ring-red-200 hover:bg-red-50`}
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

/**
 * The card's buttons: a little narrower on a narrow card (two to a row of a room's pictures on a
 * laptop), so that two arrows and Delete fit inside it.
 */
const cardButton = `${buttonBase} h-9 min-w-8 px-2 @[10.5rem]:min-w-9 @[10.5rem]:px-2.5`;

/** A move arrow: a form posting the move; with JavaScript, the same move as a drop. */
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
  group: ImageGroup;
  disabled: boolean;
  onMove?: (draggedId: string, targetId: string) => void;
}) {
  const button = (
    <button
      type="submit"
      disabled={disabled || targetId === null}
      aria-label={label}
      title={title}
      className={`${cardButton} text-navy-900 ring-1 ring-slate-200 hover:bg-slate-50`}
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

/** The picture, or an 'Image Error' placeholder when it does not load. */
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
    <Picture
      {...imageProps}
      image={image}
      slot="admin"
      alt={alt}
      loading="lazy"
      decoding="async"
      draggable={false}
      className="h-full w-full object-cover"
    />
  );
}
