/** A linked record as a form holds it: one that exists, or a name to create when it is saved. */
export type LinkChoice = { uuid: string } | { create: string };

export const choiceKey = (choice: LinkChoice) =>
  'uuid' in choice ? choice.uuid : `new:${choice.create}`;
