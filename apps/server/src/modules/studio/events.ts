/**
 * The studio's events recorded by the server itself, never accepted from clients
 * (docs/decisions/0050-curator-studio-counts.md): each counts once.
 */
export const STUDIO_SERVER_EVENTS = [
  'josie_like',
  'josie_save',
  'josie_comment',
  'follow_gained',
  'follow_lost',
  'invite_joined',
] as const;
export type StudioServerEvent = (typeof STUDIO_SERVER_EVENTS)[number];
