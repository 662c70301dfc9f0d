import type { ServerResponse } from 'node:http';
import { escape } from '../stand-in.ts';
import { scriptJson } from './controls.ts';

// The Next Experience shell around the classic pages: the page in the iframe gsft_main (the top
// address follows it, as ServiceNow's does), the All menu (its filter, applications, sections
// that open, modules that go to their URL), the avatar's menu that impersonates a user, and
// window.NOW.user saying who the session is.

export const SHELL = '/now/nav/ui/classic/params/target/';

/** A module of the All menu: its application, its path of sections ("A > B"), where it goes. */
export interface MenuEntry {
  application: string;
  module: string;
  url: string;
}

export interface ShellUser {
  userID: string;
  isImpersonating: boolean;
}

interface MenuNode {
  children: Map<string, MenuNode>;
  url?: string;
}

export function shell(res: ServerResponse, inner: string, menu: MenuEntry[], user: ShellUser, people: string[]): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ServiceNow</title>
<style>[hidden]{display:none!important} .snf-collapsible-list{margin-left:1em} seismic-hoist{display:block}</style></head><body>
<header>
  <div aria-label="All" role="button" tabindex="0" aria-expanded="false">All</div>
  <button type="button" class="header-avatar-button" aria-label="Your profile and settings" aria-haspopup="menu">Me</button>
  <div role="menu" id="avatar-menu" hidden><button type="button" role="menuitem">Impersonate user</button><button type="button" role="menuitem">Log out</button></div>
</header>
<div aria-label="All menu" hidden><input placeholder="Filter" aria-label="Enter search term to filter All menu">${menuHtml(menu)}</div>
<div role="dialog" aria-label="Impersonate user" hidden>
  <input class="now-typeahead-native-input" aria-label="User" autocomplete="off">
  <seismic-hoist><div role="listbox" aria-label="Users"></div></seismic-hoist>
  <button type="button" id="impersonate">Impersonate user</button>
</div>
<iframe id="gsft_main" name="gsft_main" title="Main content" src="/${escape(inner.replace(/^\/+/, ''))}" style="width:100%;height:80vh;border:0"></iframe>
<script>
  window.NOW = { user: ${scriptJson(user)} };
  const frame = document.getElementById('gsft_main');
  frame.addEventListener('load', () => {
    const at = frame.contentWindow.location;
    history.replaceState(null, '', ${scriptJson(SHELL)} + encodeURIComponent(at.pathname.slice(1) + at.search + at.hash));
  });
  const all = document.querySelector('[aria-label="All"]');
  const menu = document.querySelector('div[aria-label="All menu"]');
  all.addEventListener('click', () => {
    menu.hidden = !menu.hidden;
    all.setAttribute('aria-expanded', String(!menu.hidden));
  });
  // The filter keeps the applications whose name or modules hold the text.
  menu.querySelector('input').addEventListener('input', (event) => {
    const text = event.target.value.toLowerCase();
    for (const app of menu.querySelectorAll('[data-application]')) app.hidden = !app.textContent.toLowerCase().includes(text);
  });
  for (const section of menu.querySelectorAll('button[aria-expanded]')) section.addEventListener('click', () => {
    const open = section.getAttribute('aria-expanded') !== 'true';
    section.setAttribute('aria-expanded', String(open));
    section.nextElementSibling.hidden = !open;
  });
  const avatarMenu = document.getElementById('avatar-menu');
  document.querySelector('.header-avatar-button').addEventListener('click', () => { avatarMenu.hidden = !avatarMenu.hidden; });
  const dialog = document.querySelector('[role="dialog"]');
  avatarMenu.querySelector('[role="menuitem"]').addEventListener('click', () => { avatarMenu.hidden = true; dialog.hidden = false; });
  const PEOPLE = ${scriptJson(people)};
  const typed = dialog.querySelector('input');
  const options = dialog.querySelector('[role="listbox"]');
  let chosen = null;
  typed.addEventListener('input', () => {
    chosen = null;
    const text = typed.value.toLowerCase();
    options.replaceChildren(...PEOPLE.filter((name) => text && name.toLowerCase().includes(text)).map((name) => {
      const option = document.createElement('div');
      option.setAttribute('role', 'option');
      option.textContent = name;
      option.addEventListener('click', () => { chosen = name; typed.value = name; options.replaceChildren(); });
      return option;
    }));
  });
  document.getElementById('impersonate').addEventListener('click', async () => {
    if (!chosen) return;
    await fetch('/stand-in/impersonate', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ name: chosen }) });
    location.href = '/now/nav/ui/home';
  });
</script></body></html>`);
}

/** The menu's tree: each application open, each section closed until clicked, each module a link to its URL. */
function menuHtml(entries: MenuEntry[]): string {
  const root: MenuNode = { children: new Map() };
  for (const entry of entries) {
    let node = root;
    for (const name of [entry.application, ...entry.module.split('>').map((m) => m.trim())]) {
      if (!node.children.has(name)) node.children.set(name, { children: new Map() });
      node = node.children.get(name)!;
    }
    node.url = entry.url;
  }
  const label = (name: string) => `aria-label="${escape(name)}"`;
  const nodes = (node: MenuNode): string => [...node.children].map(([name, child]) => (child.url !== undefined
    ? `<a ${label(name)} href="${escape(child.url)}">${escape(name)}</a>`
    : `<div class="snf-collapsible-list"><button type="button" ${label(name)} aria-expanded="false">${escape(name)}</button><div hidden>${nodes(child)}</div></div>`)).join('');
  return [...root.children].map(([name, app]) => `<div class="snf-collapsible-list" data-application><div role="button" ${label(name)} aria-expanded="true">${escape(name)}</div><div>${nodes(app)}</div></div>`).join('');
}
