// A person's role in a notebook, as notebook_members.role holds it (a text column with a check
// constraint, so the generated types say `string`): parsed once where rows are read. Lowest
// first: viewer reads (comments too), commenter reads and comments, editor edits notes and
// files, owner shares. The database decides (role_rank); these only mirror it for the screen.

export const ROLES = ['owner', 'editor', 'commenter', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** The roles the owner may give someone, most rights first. */
export const GRANTABLE = ['editor', 'commenter', 'viewer'] as const;
export type GrantableRole = (typeof GRANTABLE)[number];

const RANK: Record<Role, number> = { viewer: 1, commenter: 2, editor: 3, owner: 4 };

/** The role a row holds; anything unknown reads as the least privileged one. */
export function roleOf(value: string): Role {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : 'viewer';
}

/** Whether the role may change notes and files (editor, owner). */
export function canEditWith(role: Role | null | undefined): boolean {
  return !!role && RANK[role] >= RANK.editor;
}

/** Whether the role may comment (commenter, editor, owner). */
export function canCommentWith(role: Role | null | undefined): boolean {
  return !!role && RANK[role] >= RANK.commenter;
}

export const ROLE_LABEL: Record<Role, string> = {
  owner: 'Owner',
  editor: 'Editor',
  commenter: 'Commenter',
  viewer: 'Viewer',
};
