import type { ServerResponse } from 'node:http';
import { escape, page, redirect, Sessions, StandInSite, type Request } from './stand-in.ts';

// A stand-in for WebArena's forum (Postmill, the "reddit" site), for the tests: forums of
// posts with comments, anonymous reading, a login form shaped like Postmill's (the labels and
// the refusal WebArena's auto_login and the manifest's recipe meet), posting when signed in,
// post URLs /f/<forum>/<id>/<slug> as reddit_get_post_url cuts them, and POST /reset.

interface Post {
  id: number;
  forum: string;
  title: string;
  body: string;
  author: string;
  comments: string[];
}

export const FORUM_USER = { name: 'MarvelsGrantMan136', password: 'test1234' };
const SEED: Post[] = [
  { id: 101, forum: 'books', title: 'Favourite Le Guin novel?', body: 'Mine is The Dispossessed.', author: 'ursula_fan', comments: ['Earthsea!', 'The Left Hand of Darkness', 'Lathe of Heaven'] },
  { id: 102, forum: 'books', title: 'Reading Dune again', body: 'Spice must flow.', author: 'arrakis42', comments: ['Enjoy it'] },
  { id: 201, forum: 'movies', title: 'Best film of 1999', body: 'The Matrix, clearly.', author: 'neo_watch', comments: [] },
];

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export class ForumSite extends StandInSite {
  posts: Post[] = structuredClone(SEED);
  /** Login attempts, by whether the site took them. */
  readonly logins: boolean[] = [];
  resets = 0;
  private readonly sessions = new Sessions();


  protected handle(req: Request, res: ServerResponse): void {
    const { url, form } = req;
    const user = this.sessions.who(req.cookie('PHPSESSID'));
    const [, first, forum, id] = url.pathname.split('/');
    const show = (title: string, body: string, status = 200) => page(res, title, `${header(user)}${body}`, status);

    if (req.method === 'POST' && url.pathname === '/reset') {
      this.resets++;
      this.posts = structuredClone(SEED);
      return void res.writeHead(204).end();
    }
    if (url.pathname === '/login' && req.method === 'GET') return show('Log in', loginForm());
    if (url.pathname === '/login') {
      const taken = form.get('_username') === FORUM_USER.name && form.get('_password') === FORUM_USER.password;
      this.logins.push(taken);
      if (!taken) return show('Log in', `<div class="alert alert--danger">Invalid credentials.</div>${loginForm()}`);
      return redirect(res, '/', `PHPSESSID=${this.sessions.issue(FORUM_USER.name)}; HttpOnly; Path=/; SameSite=Lax`);
    }
    if (url.pathname === '/') {
      const forums = [...new Set(this.posts.map((p) => p.forum))].map((f) => `<li><a href="/f/${f}">${f}</a></li>`).join('');
      return show('Forums', `<ul>${forums}</ul>`);
    }
    if (first === 'submit' && forum) {
      if (!user) return redirect(res, '/login');
      if (req.method === 'GET') return show(`Submit to ${escape(forum)}`, submitForm(forum));
      const post = { id: Math.max(...this.posts.map((p) => p.id)) + 1, forum, title: form.get('title') ?? '', body: form.get('body') ?? '', author: user, comments: [] };
      this.posts.push(post);
      return redirect(res, `/f/${forum}/${post.id}/${slug(post.title)}`);
    }
    if (first === 'f' && forum && !id) {
      const posts = this.posts.filter((p) => p.forum === forum);
      if (!posts.length) return show('Not found', '<p>No such forum.</p>', 404);
      const items = posts.map((p) => `<li><a href="/f/${forum}/${p.id}/${slug(p.title)}">${escape(p.title)}</a> <span>${p.comments.length} comments</span></li>`).join('');
      return show(escape(forum), `<ul>${items}</ul><a href="/submit/${forum}">Submit</a>`);
    }
    const post = this.posts.find((p) => p.forum === forum && String(p.id) === id);
    if (first === 'f' && post) {
      const comments = post.comments.map((c) => `<li class="comment">${escape(c)}</li>`).join('');
      return show(escape(post.title), `<h2 class="submission__title">${escape(post.title)}</h2><p>Submitted by <a href="/user/${post.author}">${post.author}</a></p><p>${escape(post.body)}</p><h3>${post.comments.length} comments</h3><ul>${comments}</ul>`);
    }
    show('Not found', '<p>No such page.</p>', 404);
  }
}

/** Postmill shows the user menu with its logout form once signed in. */
function header(user: string | undefined): string {
  return `<nav><a href="/">Forums</a> ${user ? `<span>${user}</span><form action="/logout" method="post"><button>Log out</button></form>` : '<a href="/login">Log in</a>'}</nav>`;
}

function loginForm(): string {
  return `<form method="post" action="/login"><label for="login-username">Username</label><input id="login-username" name="_username">
    <label for="login-password">Password</label><input id="login-password" name="_password" type="password"><button type="submit">Log in</button></form>`;
}

function submitForm(forum: string): string {
  return `<form method="post" action="/submit/${forum}"><label>Title <input name="title"></label>
    <label>Body <textarea name="body"></textarea></label><button type="submit">Create submission</button></form>`;
}
