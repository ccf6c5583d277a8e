import { describe, expect, it } from 'vitest';
import type { PostStatus, Role } from '#shared/schemas/common.ts';
import { can } from './capabilities.ts';

const user = (id: number, role: Role) => ({ id, name: role, role });
const post = (author: number, status: PostStatus) => ({ author, status });

describe('capabilities (WordPress roles)', () => {
  const admin = user(1, 'admin');
  const editor = user(2, 'editor');
  const author = user(3, 'author');
  const contributor = user(4, 'contributor');

  it('lets contributors and up create posts, authors and up publish', () => {
    expect(
      [undefined, contributor, author, editor, admin].map((caller) => can.createPosts(caller)),
    ).toEqual([false, true, true, true, true]);
    expect([contributor, author, editor].map((caller) => can.publish(caller))).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('lets editors and admins write any HTML (unfiltered_html), not authors or contributors', () => {
    expect(
      [undefined, contributor, author, editor, admin].map((caller) => can.unfilteredHtml(caller)),
    ).toEqual([false, false, false, true, true]);
  });

  it('lets editors edit anyone’s posts, authors their own, contributors their own drafts', () => {
    expect(can.editPost(editor, post(1, 'publish'))).toBe(true);
    expect(can.editPost(author, post(3, 'publish'))).toBe(true);
    expect(can.editPost(author, post(1, 'draft'))).toBe(false);
    expect(can.editPost(contributor, post(4, 'draft'))).toBe(true);
    expect(can.editPost(contributor, post(4, 'publish'))).toBe(false);
    expect(can.editPost(contributor, post(1, 'draft'))).toBe(false);
    expect(can.editPost(undefined, post(1, 'publish'))).toBe(false);
  });

  it('shows published posts to everyone, others to those who may edit them', () => {
    expect(can.readPost(undefined, post(1, 'publish'))).toBe(true);
    expect(can.readPost(undefined, post(1, 'draft'))).toBe(false);
    expect(can.readPost(contributor, post(1, 'private'))).toBe(false);
    expect(can.readPost(editor, post(1, 'private'))).toBe(true);
    expect(can.readPost(undefined, post(1, 'trash'))).toBe(false);
    expect(can.readPost(editor, post(1, 'trash'))).toBe(true);
  });

  it('keeps term management and images to the right roles', () => {
    expect([contributor, author, editor].map((caller) => can.createTerms(caller))).toEqual([
      false,
      true,
      true,
    ]);
    expect([contributor, author, editor].map((caller) => can.manageTerms(caller))).toEqual([
      false,
      false,
      true,
    ]);
    expect([contributor, author].map((caller) => can.uploadFiles(caller))).toEqual([false, true]);
  });
});
