import { OnboardingResponse, type OnboardingUpdateBody } from '@josie/contract';
import { request } from '../../api/request';

/** Query keys of onboarding (under `onboarding`, a root tied to the user). */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  status: ['onboarding', 'status'] as const,
};

/** The signed-in user's onboarding status (`GET /api/users/me/onboarding`). */
export async function fetchOnboarding(signal?: AbortSignal) {
  return (await request('getOnboarding', {}, { schema: OnboardingResponse, signal })).onboarding;
}

/** Stores the onboarding status; the completion step also sends the followed and skipped curator ids. */
export async function saveOnboarding(body: OnboardingUpdateBody) {
  return (await request('updateOnboarding', { body }, { schema: OnboardingResponse })).onboarding;
}
