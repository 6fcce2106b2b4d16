/** How the Zalo authorization ended, as its callback tells Setup → Channels (`?zalo=`). */
export const zaloResults = ["connected", "invalid_state", "refused"] as const;
export type ZaloResult = (typeof zaloResults)[number];
