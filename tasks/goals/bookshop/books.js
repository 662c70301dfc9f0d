// The shop's catalogue and its saved state (reviews, orders) in this origin's localStorage.
window.BOOKS = [
  { id: 'dune', title: 'Dune', author: 'Frank Herbert', price: '9.99', year: 1965 },
  { id: 'emma', title: 'Emma', author: 'Jane Austen', price: '6.50', year: 1815 },
  { id: 'ubik', title: 'Ubik', author: 'Philip K. Dick', price: '8.25', year: 1969 },
  { id: 'kindred', title: 'Kindred', author: 'Octavia E. Butler', price: '11.40', year: 1979 },
  { id: 'beloved', title: 'Beloved', author: 'Toni Morrison', price: '12.00', year: 1987 },
];
window.saved = (key) => JSON.parse(localStorage.getItem(key) || '[]');
window.save = (key, item) => localStorage.setItem(key, JSON.stringify([...saved(key), item]));
window.bookOf = (id) => BOOKS.find((b) => b.id === id);
window.param = (name) => new URLSearchParams(location.search).get(name);
