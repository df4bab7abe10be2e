import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { JosieCreator } from '@josie/contract';
import { ArrowDown, ArrowUp, GripVertical, Pin, Type } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { focusRing } from '../../../ui/Button';
import { IconButton } from '../../../ui/IconButton';
import { CounterpartsPanel } from './Counterparts';
import type { BlockKind, DraftAction, JosieDraft } from './draft';
import {
  AddMediaButtons,
  MEDIA_META,
  MediaError,
  MediaSummary,
  RemoveMediaButton,
  TextField,
  TitleField,
} from './EditorFields';
import { EditorPreview } from './EditorPreview';
import type { EditorProps } from './editorProps';

/** The keys of the blocks' names under `josie.editor.blocks`. */
const BLOCK_NAMES: Record<BlockKind, 'text' | 'image' | 'video' | 'audio'> = {
  text: 'text',
  image: 'image',
  video: 'video',
  audioItem: 'audio',
};

function useBlockName() {
  const { t } = useTranslation();
  return (kind: BlockKind | UniqueIdentifier) =>
    t(`josie.editor.blocks.${BLOCK_NAMES[kind as BlockKind] ?? 'text'}`);
}

interface BlockProps extends Pick<EditorProps, 'mediaErrors' | 'imagePreview'> {
  kind: BlockKind;
  index: number;
  count: number;
  draft: JosieDraft;
  dispatch(action: DraftAction): void;
}

/**
 * One reorderable block: a drag handle (pointer, or keyboard: Space to lift, arrows to move, Space to
 * drop, Escape to cancel), Move up / Move down buttons as a second keyboard path, and remove for media.
 */
function SortableBlock({ kind, index, count, draft, dispatch, mediaErrors, imagePreview }: BlockProps) {
  const { t } = useTranslation();
  const blockName = useBlockName();
  const name = blockName(kind);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: kind });
  const Icon = kind === 'text' ? Type : MEDIA_META[kind].icon;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-zinc-200 sm:p-4',
        isDragging && 'relative z-10 shadow-xl ring-2 ring-brand-400',
      )}
    >
      <div className="flex items-center gap-1">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('josie.editor.dragHandle', { block: name })}
          className={cn(
            'inline-flex size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 active:cursor-grabbing',
            focusRing,
          )}
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <Icon className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="flex-1 text-sm font-semibold text-zinc-900">{name}</span>
        <IconButton
          label={t('josie.editor.moveUp', { block: name })}
          disabled={index === 0}
          onClick={() => dispatch({ type: 'move', kind, to: index - 1 })}
        >
          <ArrowUp className="size-5" aria-hidden="true" />
        </IconButton>
        <IconButton
          label={t('josie.editor.moveDown', { block: name })}
          disabled={index === count - 1}
          onClick={() => dispatch({ type: 'move', kind, to: index + 1 })}
        >
          <ArrowDown className="size-5" aria-hidden="true" />
        </IconButton>
        {kind !== 'text' && (
          <RemoveMediaButton
            kind={kind}
            onRemove={(removed) => dispatch({ type: 'remove', kind: removed })}
          />
        )}
      </div>
      {kind === 'text' ? (
        <TextField draft={draft} dispatch={dispatch} rows={6} />
      ) : (
        <>
          <MediaSummary draft={draft} kind={kind} imagePreview={imagePreview} />
          <MediaError message={mediaErrors[kind]} />
          {kind !== 'image' && <CounterpartsPanel kind={kind} draft={draft} dispatch={dispatch} />}
        </>
      )}
    </li>
  );
}

/**
 * The advanced editor (docs/product/routes-and-roles.md#authoring; shown while the flag
 * `editor_advanced_mode` is on): the same draft as an ordered list of blocks — the title pinned first, then
 * text, image, video and audio — reordered by drag or by keyboard, beside a live preview of the public view.
 */
export function AdvancedEditor(
  props: EditorProps & { creator: Pick<JosieCreator, 'name' | 'avatar' | 'preferences'> | null },
) {
  const { draft, dispatch, titleError, suggestion, imagePreview, onAddMedia, creator } = props;
  const { t } = useTranslation();
  const blockName = useBlockName();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier) => draft.order.indexOf(id as BlockKind) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('josie.editor.dnd.start', { block: blockName(active.id), position: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('josie.editor.dnd.over', { block: blockName(active.id), position: position(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('josie.editor.dnd.end', { block: blockName(active.id), position: position(over.id) })
        : t('josie.editor.dnd.cancel', { block: blockName(active.id) }),
    onDragCancel: ({ active }) => t('josie.editor.dnd.cancel', { block: blockName(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    dispatch({ type: 'move', kind: active.id as BlockKind, to: draft.order.indexOf(over.id as BlockKind) });
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <section aria-labelledby="josie-blocks-heading" className="flex flex-col gap-3">
        <h2 id="josie-blocks-heading" className="text-sm font-semibold text-zinc-800">
          {t('josie.editor.blocksHeading')}
        </h2>
        <div className="flex flex-col gap-3 rounded-2xl bg-white p-3 ring-1 ring-zinc-200 sm:p-4">
          <p className="flex items-center gap-1.5 self-end text-xs font-medium text-zinc-600">
            <Pin className="size-3.5 text-brand-700" aria-hidden="true" />
            {t('josie.editor.titlePinned')}
          </p>
          <TitleField draft={draft} dispatch={dispatch} error={titleError} suggestion={suggestion} />
        </div>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('josie.editor.dnd.instructions') },
          }}
        >
          <SortableContext items={draft.order} strategy={verticalListSortingStrategy}>
            <ol className="flex flex-col gap-3" aria-labelledby="josie-blocks-heading">
              {draft.order.map((kind, index) => (
                <SortableBlock
                  key={kind}
                  kind={kind}
                  index={index}
                  count={draft.order.length}
                  draft={draft}
                  dispatch={dispatch}
                  mediaErrors={props.mediaErrors}
                  imagePreview={imagePreview}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        <AddMediaButtons draft={draft} onAdd={onAddMedia} />
      </section>
      <div className="lg:sticky lg:top-20">
        <EditorPreview draft={draft} imagePreview={imagePreview} creator={creator} />
      </div>
    </div>
  );
}
