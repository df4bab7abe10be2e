import {
  AudioLinksResponse,
  type Counterparts,
  type ItemLink,
  parseAudioUrl,
  parseVideoUrl,
} from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Check } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Input';
import { Spinner } from '../../../ui/Spinner';
import type { ListenProvider } from '../listen/choose';
import { PLATFORM_NAMES } from '../listen/choose';
import { PlatformIcon } from '../listen/PlatformIcon';
import type { DraftAction, JosieDraft } from './draft';

/** Query keys of the editor's look-ups of an item's links (`GET /api/audio/links`). */
export const counterpartKeys = {
  all: ['josie', 'counterparts'] as const,
  links: (url: string) => [...counterpartKeys.all, url] as const,
};

/**
 * A pasted counterpart on `platform`, canonical, or null when it is not a link there: a Spotify track,
 * album or playlist, or a YouTube video or playlist (the contract's parsers).
 */
export function parseCounterpart(platform: ListenProvider, input: string): string | null {
  if (platform === 'spotify') {
    const ref = parseAudioUrl(input);
    return ref?.provider === 'spotify' ? ref.url : null;
  }
  const video = parseVideoUrl(input);
  return video.ok ? video.video.url : null;
}

export interface CounterpartsPanelProps {
  kind: 'video' | 'audioItem';
  draft: JosieDraft;
  dispatch(action: DraftAction): void;
}

/**
 * The curator's say over an item's counterpart on the other service with a player
 * (docs/decisions/0022-listen-on-your-own-service.md): what the resolver finds for the item (`GET
 * /api/audio/links`), to confirm, replace with a pasted link (checked by the contract's parsers) or remove.
 * The answer goes into the content's `counterparts`, sent with the josie (a link, or null for "none"; left
 * out, readers get what the resolver finds). A failed or unconfigured look-up says readers see the original.
 */
export function CounterpartsPanel({ kind, draft, dispatch }: CounterpartsPanelProps) {
  const { t } = useTranslation();
  const content = kind === 'video' ? draft.video : draft.audio;
  const origin: ListenProvider = kind === 'video' ? 'youtube' : (draft.audio?.provider ?? 'spotify');
  const other: ListenProvider = origin === 'spotify' ? 'youtube' : 'spotify';
  const url = content?.url ?? '';
  const found = useQuery({
    queryKey: counterpartKeys.links(url),
    queryFn: ({ signal }) =>
      request('audioLinks', { query: { url } }, { schema: AudioLinksResponse, signal }),
    enabled: url !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  const [editing, setEditing] = useState(false);
  if (!content) return null;
  const mine = content.counterparts?.[other];
  const links = found.data?.data.links ?? [];
  const match = links.find((link) => link.platform === other);
  const elsewhere = links.filter((link) => link.platform !== other && link.source !== 'original');
  const name = PLATFORM_NAMES[other];

  const set = (value: string | null | undefined) => {
    const counterparts: Counterparts = { ...content.counterparts };
    if (value === undefined) delete counterparts[other];
    else counterparts[other] = value;
    const next = Object.keys(counterparts).length > 0 ? counterparts : undefined;
    if (kind === 'video' && draft.video)
      dispatch({ type: 'setVideo', video: { ...draft.video, counterparts: next } });
    if (kind === 'audioItem' && draft.audio)
      dispatch({ type: 'setAudio', audio: { ...draft.audio, counterparts: next } });
    setEditing(false);
  };

  let state: React.ReactNode;
  if (mine === null) {
    state = (
      <Row text={t('josie.editor.counterparts.removed', { platform: name })}>
        <Button size="sm" variant="outline" onClick={() => set(undefined)}>
          {t('josie.editor.counterparts.restore')}
        </Button>
      </Row>
    );
  } else if (typeof mine === 'string') {
    state = (
      <Row text={t('josie.editor.counterparts.yours', { platform: name })} link={mine} platform={other}>
        {match?.url === mine && (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
            <Check className="size-4" aria-hidden="true" />
            {t('josie.editor.counterparts.confirmed')}
          </span>
        )}
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {t('josie.editor.counterparts.replace')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => set(null)}>
          {t('josie.editor.counterparts.remove')}
        </Button>
      </Row>
    );
  } else if (found.isPending) {
    state = (
      <p className="flex items-center gap-2 text-sm text-zinc-600" role="status">
        <Spinner size="sm" decorative />
        {t('josie.editor.counterparts.loading')}
      </p>
    );
  } else if (found.isError) {
    state = (
      <div className="flex flex-col gap-2">
        <p role="alert" className="flex gap-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('josie.editor.counterparts.error')}
        </p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => setEditing(true)}>
          {t('josie.editor.counterparts.replace')}
        </Button>
      </div>
    );
  } else if (match) {
    state = (
      <Row
        text={t('josie.editor.counterparts.found', { platform: name })}
        link={match.url}
        platform={other}
        note={
          match.source === 'search' && match.confidence !== null
            ? t('josie.editor.counterparts.match', { percent: Math.round(match.confidence * 100) })
            : undefined
        }
      >
        <Button size="sm" onClick={() => set(match.url)}>
          {t('josie.editor.counterparts.confirm')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {t('josie.editor.counterparts.replace')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => set(null)}>
          {t('josie.editor.counterparts.remove')}
        </Button>
      </Row>
    );
  } else {
    state = (
      <Row text={t('josie.editor.counterparts.none', { platform: name })}>
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {t('josie.editor.counterparts.replace')}
        </Button>
      </Row>
    );
  }

  return (
    <section
      aria-label={t('josie.editor.counterparts.title')}
      className="flex flex-col gap-2 rounded-xl bg-white p-3 ring-1 ring-zinc-200"
    >
      <h3 className="text-sm font-semibold text-zinc-900">{t('josie.editor.counterparts.title')}</h3>
      <p className="text-xs text-zinc-600">{t('josie.editor.counterparts.lead')}</p>
      {editing ? <ReplaceForm platform={other} onSave={set} onCancel={() => setEditing(false)} /> : state}
      {elsewhere.length > 0 && <AlsoFound links={elsewhere} />}
    </section>
  );
}

function Row(props: {
  text: string;
  link?: string;
  platform?: ListenProvider;
  note?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-zinc-800">
        {props.platform && <PlatformIcon platform={props.platform} />}
        <span className="font-medium">{props.text}</span>
        {props.link && (
          <a
            href={props.link}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            className="min-w-0 truncate text-brand-800 underline"
          >
            {props.link}
          </a>
        )}
        {props.note && <span className="text-xs text-zinc-600">{props.note}</span>}
      </p>
      <div className="flex flex-wrap gap-2">{props.children}</div>
    </div>
  );
}

function AlsoFound({ links }: { links: ItemLink[] }) {
  return (
    <ul className="flex flex-wrap gap-2 text-xs text-zinc-700">
      {links.map((link) => (
        <li key={link.platform} className="inline-flex items-center gap-1">
          <PlatformIcon platform={link.platform} className="size-3.5" />
          {PLATFORM_NAMES[link.platform]}
        </li>
      ))}
    </ul>
  );
}

/** Paste the right link on `platform`; refused unless the contract's parsers read it as one. */
function ReplaceForm(props: { platform: ListenProvider; onSave(url: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = PLATFORM_NAMES[props.platform];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = parseCounterpart(props.platform, value);
    if (!parsed) return setError(t('josie.editor.counterparts.invalid', { platform: name }));
    props.onSave(parsed);
  };
  // A form inside the editor's form is not allowed: the fields submit through their own button.
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
        {t('josie.editor.counterparts.linkLabel', { platform: name })}
      </label>
      <Input
        id={inputId}
        dir="ltr"
        value={value}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
          if (event.key === 'Escape') props.onCancel();
        }}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" onClick={submit}>
          {t('josie.editor.counterparts.save')}
        </Button>
        <Button size="sm" variant="outline" onClick={props.onCancel}>
          {t('josie.editor.counterparts.cancel')}
        </Button>
      </div>
    </div>
  );
}
