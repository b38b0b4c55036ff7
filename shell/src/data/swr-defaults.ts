import type { SWRConfiguration } from 'swr';
import { SWR_SETTINGS } from '@shop/contracts/swr-settings';

/** Data refresh settings for every remote on the page (contracts); the shell provides SWR, a shared singleton. */
export const swrDefaults: SWRConfiguration = SWR_SETTINGS;
