/** An entry as the writing card hands it to be saved, online or queued offline. */
export type NewEntry = {
  /** May be empty when a file is attached (docs/product/entries.md#entries-create: "Please add some text or media"). */
  text: string;
  mood: string | null;
  /** The uploaded media draft the entry takes over (docs/product/entries.md#entries-create). */
  mediaDraftId?: string | null | undefined;
};
