// Who "@" in a comment suggests — the people of the note's notebook — and what to do once a comment
// is posted (ask for the mention and reply emails that are due), given by the page to the
// comments panel and read by every comment box in it.
import { createContext, useContext } from 'react';

export interface MentionPerson {
  id: string;
  name: string;
}

export interface CommentPeople {
  people: MentionPerson[];
  onPosted?(): void;
}

export const CommentPeopleContext = createContext<CommentPeople>({ people: [] });

export const useCommentPeople = () => useContext(CommentPeopleContext);
