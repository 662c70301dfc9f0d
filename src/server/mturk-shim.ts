// Mechanical Turk gives each HIT page a script (externalHIT_v1.js) with these functions, and
// Turkle provides its own; many templates call them on load. This stand-in, written here,
// reads the page's query string like the original and never disables the form.
export const MTURK_SHIM = `
function turkGetParam(name, defaultValue) {
  var match = new RegExp('[?&]' + name + '=([^&#]*)').exec(window.location.search);
  return match ? decodeURIComponent(match[1]) : defaultValue;
}
function turkGetSubmitToHost() { return window.location.origin; }
function turkSetAssignmentID() {
  var input = document.getElementById('assignmentId');
  if (input) input.value = turkGetParam('assignmentId', 'ASSIGNMENT_ID_NOT_AVAILABLE');
  var form = document.getElementById('mturk_form');
  if (form && turkGetParam('turkSubmitTo', '')) form.action = turkGetParam('turkSubmitTo', '') + '/mturk/externalSubmit';
}
`;
