import type { ServerResponse } from 'node:http';
import { escape, json, page, redirect, Sessions, StandInSite, type Request } from './stand-in.ts';

// A stand-in for WebArena's shop (Magento), for the tests: one server for both of its sites,
// the storefront ("shopping", at /) and the admin ("shopping_admin", at /admin), with the
// login forms WebArena's auto_login fills, product pages that take reviews and orders, the
// admin's product grid and edit form, and the REST endpoints WebArena's helpers read with an
// admin token. POST /reset puts the data back.

interface Product {
  id: number;
  sku: string;
  name: string;
  price: string;
  reviews: { nickname: string; percent: number }[];
}

interface Order {
  increment_id: string;
  email: string;
  product: string;
}

export const SHOP_CUSTOMER = { email: 'emma.lopez@gmail.com', password: 'Password.123' };
export const SHOP_ADMIN = { name: 'admin', password: 'admin1234' };
const SEED: Product[] = [
  { id: 1, sku: 'WS12-M-Orange', name: 'Radiant Tee', price: '22.00', reviews: [{ nickname: 'Lena', percent: 60 }] },
  { id: 2, sku: 'MH01-XS-Black', name: 'Chaz Kangeroo Hoodie', price: '52.00', reviews: [] },
  { id: 3, sku: 'MJ02-L-Red', name: 'Hyperion Jacket', price: '51.00', reviews: [] },
];
const SEED_ORDERS: Order[] = [{ increment_id: '000000187', email: 'grace.nguyen@yahoo.com', product: 'Radiant Tee' }];
const ADMIN_TOKEN = 'admin-token';

export class ShopSite extends StandInSite {
  products: Product[] = structuredClone(SEED);
  orders: Order[] = structuredClone(SEED_ORDERS);
  private readonly customers = new Sessions();
  private readonly admins = new Sessions();


  reset(): void {
    this.products = structuredClone(SEED);
    this.orders = structuredClone(SEED_ORDERS);
  }

  protected handle(req: Request, res: ServerResponse): void {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/reset') return void (this.reset(), res.writeHead(204).end());
    if (path.startsWith('/rest/')) return this.rest(req, res);
    if (path === '/admin' || path.startsWith('/admin/')) return this.admin(req, res);
    return this.storefront(req, res);
  }

  private storefront(req: Request, res: ServerResponse): void {
    const { url, form } = req;
    const customer = this.customers.who(req.cookie('customer'));
    const show = (title: string, body: string, status = 200) =>
      page(res, title, `<nav>${customer ? '<a href="/customer/account/logout/">Sign Out</a>' : '<a href="/customer/account/login/">Sign In</a>'}</nav>${body}`, status);
    if (url.pathname === '/customer/account/login/') {
      if (req.method === 'GET') return show('Customer Login', customerLogin());
      if (form.get('login[username]') !== SHOP_CUSTOMER.email || form.get('login[password]') !== SHOP_CUSTOMER.password) {
        return show('Customer Login', `<div class="message-error">The account sign-in was incorrect or your account is disabled temporarily.</div>${customerLogin()}`);
      }
      return redirect(res, '/customer/account/', `customer=${this.customers.issue(SHOP_CUSTOMER.email)}; Path=/; HttpOnly`);
    }
    if (url.pathname === '/customer/account/') return show('My Account', `<p>${customer ?? 'Not signed in'}</p>`);
    if (url.pathname === '/') return show('One Stop Market', `<ul>${this.products.map((p) => `<li><a href="/catalog/product/view/id/${p.id}/">${escape(p.name)}</a></li>`).join('')}</ul>`);
    const viewed = /^\/catalog\/product\/view\/id\/(\d+)\/?$/.exec(url.pathname);
    const product = viewed && this.products.find((p) => p.id === Number(viewed[1]));
    if (product && req.method === 'GET') return show(escape(product.name), productPage(product));
    if (product && url.searchParams.get('action') === 'review') {
      product.reviews.push({ nickname: form.get('nickname') ?? '', percent: Number(form.get('rating') ?? 0) * 20 });
      return redirect(res, url.pathname);
    }
    if (product && url.searchParams.get('action') === 'buy') {
      if (!customer) return redirect(res, '/customer/account/login/');
      const increment = String(Math.max(...this.orders.map((o) => Number(o.increment_id))) + 1).padStart(9, '0');
      this.orders.push({ increment_id: increment, email: customer, product: product.name });
      return redirect(res, `/sales/order/view/order_id/${Number(increment)}/`);
    }
    const order = /^\/sales\/order\/view\/order_id\/(\d+)\/$/.exec(url.pathname);
    const placed = order && this.orders.find((o) => Number(o.increment_id) === Number(order[1]));
    if (placed && customer === placed.email) return show(`Order # ${placed.increment_id}`, `<table><tr class="order-item"><td>${escape(placed.product)}</td></tr></table>`);
    show('404 Not Found', '<p>The page you requested was not found.</p>', 404);
  }

  private admin(req: Request, res: ServerResponse): void {
    const { url, form } = req;
    const admin = this.admins.who(req.cookie('admin'));
    if (!admin) {
      if (req.method === 'POST' && form.get('login[username]') === SHOP_ADMIN.name && form.get('login[password]') === SHOP_ADMIN.password) {
        return redirect(res, '/admin/dashboard/', `admin=${this.admins.issue(SHOP_ADMIN.name)}; Path=/admin; HttpOnly`);
      }
      const refused = req.method === 'POST' ? '<div class="message message-error">The account sign-in was incorrect or your account is disabled temporarily.</div>' : '';
      return page(res, 'Magento Admin', `${refused}${adminLogin()}`);
    }
    const show = (title: string, body: string, status = 200) =>
      page(res, title, `<nav><a href="/admin/catalog/product/">Catalog</a> <a href="/admin/sales/order/">Orders</a> <a class="account-signout" href="/admin/auth/logout/">Sign Out</a></nav>${body}`, status);
    if (url.pathname === '/admin' || url.pathname === '/admin/' || url.pathname === '/admin/dashboard/') return show('Dashboard', '<p>Lifetime Sales</p>');
    if (url.pathname === '/admin/catalog/product/') {
      const rows = this.products.map((p) => `<tr><td>${p.sku}</td><td><a href="/admin/catalog/product/edit/id/${p.id}/">${escape(p.name)}</a></td><td>$${p.price}</td></tr>`).join('');
      return show('Products', `<table><tr><th>SKU</th><th>Name</th><th>Price</th></tr>${rows}</table>`);
    }
    const edit = /^\/admin\/catalog\/product\/edit\/id\/(\d+)\/$/.exec(url.pathname);
    const product = edit && this.products.find((p) => p.id === Number(edit[1]));
    if (product && req.method === 'POST') {
      product.price = Number(form.get('product[price]')).toFixed(2);
      return redirect(res, url.pathname);
    }
    if (product) return show(escape(product.name), productForm(product));
    if (url.pathname === '/admin/sales/order/') {
      const search = url.searchParams.get('search') ?? '';
      const rows = this.orders.filter((o) => o.email.includes(search)).map((o) => `<tr><td>${o.increment_id}</td><td>${o.email}</td></tr>`).join('');
      return show('Orders', `<form method="get"><label>Search by keyword <input name="search" value="${escape(search)}"></label><button>Search</button></form><table>${rows}</table>`);
    }
    show('404 Not Found', '<p>Sorry, this page was not found.</p>', 404);
  }

  /** The Magento REST calls of WebArena's helpers: an admin token, orders newest first, a product's reviews. */
  private rest(req: Request, res: ServerResponse): void {
    const path = req.url.pathname;
    if (path === '/rest/default/V1/integration/admin/token' && req.method === 'POST') {
      const { username, password } = JSON.parse(req.body || '{}') as Record<string, string>;
      return username === SHOP_ADMIN.name && password === SHOP_ADMIN.password ? json(res, 200, ADMIN_TOKEN) : json(res, 401, { message: 'The account sign-in was incorrect' });
    }
    if (req.headers.authorization !== `Bearer ${ADMIN_TOKEN}`) return json(res, 401, { message: 'The consumer isn\'t authorized to access %resources.' });
    if (path === '/rest/V1/orders') {
      const size = Number(req.url.searchParams.get('searchCriteria[pageSize]') ?? this.orders.length);
      const newest = [...this.orders].reverse().slice(0, size);
      return json(res, 200, { items: newest.map((o) => ({ increment_id: o.increment_id, customer_email: o.email })) });
    }
    const reviews = /^\/rest\/V1\/products\/([^/]+)\/reviews$/.exec(path);
    const product = reviews && this.products.find((p) => p.sku === decodeURIComponent(reviews[1]!));
    if (product) return json(res, 200, product.reviews.map((r) => ({ nickname: r.nickname, ratings: [{ rating_name: 'Rating', percent: r.percent }] })));
    json(res, 404, { message: 'Request does not match any route.' });
  }
}

function customerLogin(): string {
  return `<form method="post" action="/customer/account/login/"><label for="email">Email</label><input id="email" name="login[username]" type="email">
    <label for="pass">Password</label><input id="pass" name="login[password]" type="password"><button type="submit">Sign In</button></form>`;
}

function adminLogin(): string {
  return `<form method="post" action="/admin"><input name="login[username]" placeholder="user name"><input name="login[password]" type="password" placeholder="password">
    <button type="submit">Sign in</button></form>`;
}

function productPage(p: Product): string {
  return `<p class="price">$${p.price}</p><form method="post" action="?action=buy"><button type="submit">Buy Now</button></form>
    <h2>Write Your Own Review</h2><form method="post" action="?action=review"><label>Nickname <input name="nickname"></label>
    <label>Rating <select name="rating">${[1, 2, 3, 4, 5].map((n) => `<option value="${n}">${n} stars</option>`).join('')}</select></label><button type="submit">Submit Review</button></form>`;
}

function productForm(p: Product): string {
  return `<form method="post"><div class="admin__collapsible-title" onclick="document.getElementById('advanced').hidden = false">Advanced Pricing</div>
    <label>Product Name <input name="product[name]" value="${escape(p.name)}"></label><label>Price <input name="product[price]" value="${p.price}"></label>
    <div id="advanced" hidden><label>Cost <input name="product[cost]" value="10.00"></label></div><button type="submit">Save</button></form>`;
}
