import { formatRecordingTime } from '@daybook/shared';

/** "0:07": a clip's length, to the nearest second (a 6.9 s note is "0:07", as players round it). */
export const clipLength = (seconds: number) => formatRecordingTime(Math.round(seconds));

/** "0:03": how far a clip has played, in whole seconds. */
export const clipPosition = (seconds: number) => formatRecordingTime(seconds);
