import type { ServerResponse } from 'node:http';
import { escape, page, redirect, Sessions, StandInSite, type Request } from './stand-in.ts';

// A small stateful web app in the shape of a WebArena site, for the tests: a login form that
// POSTs and sets a session cookie, a list of notes, a create and an edit form, a page showing
// a saved note, and POST /reset putting the data back. It records what it saw, so a test can
// tell whether one instance's session or data reached the next.

interface Note {
  id: number;
  title: string;
  body: string;
}

const USERS: Record<string, string> = { alice: 'wonderland' };
const SEED: Note[] = [
  { id: 1, title: 'Groceries', body: 'Milk, eggs, bread' },
  { id: 2, title: 'Reading list', body: 'Ubik, Emma, Beloved' },
  { id: 3, title: 'Garden', body: 'Water the tomatoes' },
];

/** One request as the site saw it: whether it carried a session cookie at all, and one this site knows. */
export interface Visit {
  method: string;
  path: string;
  cookie: boolean;
  session: boolean;
}

export class NotesSite extends StandInSite {
  notes: Note[] = structuredClone(SEED);
  readonly visits: Visit[] = [];
  /** How many notes there were when each reset came. */
  readonly notesAtReset: number[] = [];
  private readonly sessions = new Sessions();
  /** Answers everything with 503, its reset too (a copy whose database is down: it leaves the pool). */
  down = false;
  /** How long a reset takes (a real site's restores its database: minutes). */
  resetMs = 0;
  /** Called once a reset has answered (a test's copy that dies mid-run). */
  afterReset?: () => void;
  /** Called with each request before it is answered (a test's browser that crashes mid-episode). */
  onVisit?: (visit: Visit) => void;

  protected handle(req: Request, res: ServerResponse): void {
    const { url, form } = req;
    const token = req.cookie('session');
    const session = this.sessions.who(token) !== undefined;
    const visit = { method: req.method, path: url.pathname, cookie: token !== undefined, session };
    this.visits.push(visit);
    this.onVisit?.(visit);
    const route = `${req.method} ${url.pathname.replace(/\/\d+/, '/:id')}`;
    const note = this.notes.find((n) => n.id === Number(/\/notes\/(\d+)/.exec(url.pathname)?.[1]));

    if (this.down) return void res.writeHead(503).end('database unavailable');
    if (route === 'POST /reset' && this.resetMs) return void setTimeout(() => this.reset(res), this.resetMs);
    if (route === 'POST /reset') return this.reset(res);
    if (route === 'GET /login') return page(res, 'Sign in', loginForm(url.searchParams.get('next') ?? '/notes'));
    if (route === 'POST /login') {
      if (USERS[form.get('username') ?? ''] !== form.get('password')) return page(res, 'Sign in', `<p role="alert">Wrong username or password.</p>${loginForm(form.get('next') ?? '/notes')}`);
      const issued = this.sessions.issue('alice');
      return redirect(res, safeNext(form.get('next')), `session=${issued}; HttpOnly; Path=/; SameSite=Lax`);
    }
    if (!session) return redirect(res, `/login?next=${encodeURIComponent(url.pathname)}`);

    if (route === 'GET /notes') {
      const items = this.notes.map((n) => `<li><a href="/notes/${n.id}">${escape(n.title)}</a></li>`).join('');
      return page(res, 'Notes', `<p id="count">${this.notes.length} notes</p><ul>${items}</ul><a href="/notes/new">New note</a>`);
    }
    if (route === 'GET /notes/new') return page(res, 'New note', noteForm('/notes', { title: '', body: '' }));
    if (route === 'POST /notes') {
      const created = { id: Math.max(0, ...this.notes.map((n) => n.id)) + 1, title: form.get('title') ?? '', body: form.get('body') ?? '' };
      this.notes.push(created);
      return redirect(res, `/notes/${created.id}`);
    }
    if (!note) return page(res, 'Not found', '<p>No such note.</p>', 404);
    if (route === 'GET /notes/:id') return page(res, escape(note.title), `<div id="note-body">${escape(note.body)}</div><a href="/notes/${note.id}/edit">Edit</a> <a href="/notes">All notes</a>`);
    if (route === 'GET /notes/:id/edit') return page(res, `Edit ${escape(note.title)}`, noteForm(`/notes/${note.id}`, note));
    if (route === 'POST /notes/:id') {
      Object.assign(note, { title: form.get('title') ?? note.title, body: form.get('body') ?? note.body });
      return redirect(res, `/notes/${note.id}`);
    }
    page(res, 'Not found', '<p>No such page.</p>', 404);
  }

  private reset(res: ServerResponse): void {
    this.notesAtReset.push(this.notes.length);
    this.notes = structuredClone(SEED);
    this.sessions.clear();
    res.writeHead(204).end(() => this.afterReset?.());
  }
}

const safeNext = (next: string | null) => (next?.startsWith('/') && !next.startsWith('//') ? next : '/notes');

function loginForm(next: string): string {
  return `<form method="post" action="/login"><input type="hidden" name="next" value="${escape(next)}">
    <label>Username <input name="username"></label> <label>Password <input name="password" type="password"></label>
    <button type="submit">Sign in</button></form>`;
}

function noteForm(action: string, note: Pick<Note, 'title' | 'body'>): string {
  return `<form method="post" action="${action}"><label>Title <input name="title" value="${escape(note.title)}"></label>
    <label>Body <textarea name="body">${escape(note.body)}</textarea></label> <button type="submit">Save</button></form>`;
}
