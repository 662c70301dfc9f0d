import { escape } from '../stand-in.ts';
import type { ServiceNowRecord } from './tables.ts';

// The service catalog's classic pages: its home (categories), a category's items (each an h2),
// an item's page (quantity, its variables by type, Order Now) and the checkout that follows an
// order, whose address carries the request's sys_id.

export const CHECKOUT = 'com.glideapp.servicecatalog_checkout_view_v2.do';

export function catalogHome(categories: string[]): string {
  return `<nav aria-label="Categories">${categories.map((c) => `<a href="catalog_category.do?sysparm_category=${encodeURIComponent(c)}">${escape(c)}</a>`).join(' ')}</nav>`;
}

export function catalogCategory(items: ServiceNowRecord[]): string {
  return items.map((i) => `<div class="catalog-item" onclick="location.href='com.glideapp.servicecatalog_cat_item_view.do?v=1&sysparm_id=${i.sys_id}'">
<h2>${escape(i.name ?? '')}</h2><p>${escape(i.short_description ?? '')}</p></div>`).join('\n');
}

/** A variable's control by its type: a checkbox or text area labelled by its question, a radio group in a fieldset whose legend is the question. */
function variable(v: ServiceNowRecord): string {
  const id = `IO:${v.sys_id}`;
  const question = escape(v.question_text ?? '');
  switch (v.type) {
    case 'checkbox': return `<div><input type="checkbox" id="${id}" name="${id}" value="true"><label for="${id}">${question}</label></div>`;
    // ServiceNow adds a choice's price to its label (WorkArena's cheat matches the start of it).
    case 'radio': return `<fieldset><legend>${question}</legend>${(JSON.parse(v.choices ?? '[]') as string[]).map((c, i) => `<label><input type="radio" name="${id}" value="${escape(c)}">${escape(c)} [add $${i * 50}.00]</label>`).join('')}</fieldset>`;
    case 'select': return `<div><label for="${id}">${question}</label><select id="${id}" name="${id}">${(JSON.parse(v.choices ?? '[]') as string[]).map((c) => `<option>${escape(c)}</option>`).join('')}</select></div>`;
    default: return `<div><label for="${id}">${question}</label><textarea id="${id}" name="${id}"></textarea></div>`;
  }
}

export function itemPage(item: ServiceNowRecord, variables: ServiceNowRecord[]): string {
  return `<form method="post" action="/stand-in/order"><input type="hidden" name="sysparm_id" value="${item.sys_id}">
<h2>${escape(item.name ?? '')}</h2><p>${escape(item.short_description ?? '')}</p>
<label for="quantity">Quantity</label><select id="quantity" name="quantity">${Array.from({ length: 10 }, (_, i) => `<option>${i + 1}</option>`).join('')}</select>
${variables.map(variable).join('\n')}
<button type="submit" id="oi_order_now_button">Order Now</button></form>`;
}

export function checkout(request: ServiceNowRecord): string {
  return `<p>Thank you, your request has been submitted.</p><p>Request number: <a href="sc_request.do?sys_id=${request.sys_id}">${escape(request.number ?? '')}</a></p>`;
}
