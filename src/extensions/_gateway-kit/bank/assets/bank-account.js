// Bank details form of a gateway's profile section: fills the bank list, verifies the account at the gateway
// (XHR) and lets the form be saved only once the account shown is the one verified. The server checks all of
// this again: the save accepts only the account verified in this session. Text is only ever written with
// textContent. One script serves every gateway section on the page (each marked data-gateway-bank).
(function () {
  'use strict';
  document.querySelectorAll('[data-gateway-bank]').forEach(function (root) {
    if (root.getAttribute('data-ready')) return;
    root.setAttribute('data-ready', '1');
    setUp(root);
  });

  function setUp(root) {
    var role = function (name) { return root.querySelector('[data-role="' + name + '"]'); };
    var form = role('form');
    var bankSelect = role('bank');
    var accountInput = role('account');
    var verifyButton = role('verify');
    var saveButton = role('save');
    var result = role('result');
    var csrfToken = form.querySelector('input[name="_csrf_token"]').value;
    var verified = null;

    var jsonHeaders = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

    function show(message, kind) {
      result.textContent = message;
      result.className = message ? 'alert alert-' + kind : '';
      result.hidden = !message;
    }

    function firstError(body, fallback) {
      var detail = body && body.errors && body.errors[0] && body.errors[0].detail;
      return typeof detail === 'string' && detail ? detail : fallback;
    }

    function readJson(response) {
      return response.json().catch(function () { return null; }).then(function (body) {
        return { ok: response.ok, body: body };
      });
    }

    // field names the gateway's verify route reads (a gateway may use its own, e.g. bank_code)
    function verifyBody(number) {
      var body = {};
      body[root.getAttribute('data-bank-field') || 'bankCode'] = bankSelect.value;
      body[root.getAttribute('data-account-field') || 'accountNumber'] = number;
      return body;
    }

    function accountNumber() {
      return accountInput.value.replace(/\s+/g, '');
    }

    // any change after a verification asks for a new one
    function forgetVerification() {
      verified = null;
      saveButton.disabled = true;
      show('', 'info');
    }

    function loadBanks() {
      bankSelect.disabled = true;
      fetch(root.getAttribute('data-list-url'), { headers: jsonHeaders, credentials: 'same-origin' })
        .then(readJson)
        .then(function (answer) {
          // the kit's own list answers {banks}; a gateway that passes its own answer on lists them in data
          var banks = answer.body && (Array.isArray(answer.body.banks) ? answer.body.banks : answer.body.data);
          if (!answer.ok || !Array.isArray(banks)) throw new Error(firstError(answer.body, 'Unable to load banks.'));
          bankSelect.textContent = '';
          var placeholder = document.createElement('option');
          placeholder.value = '';
          placeholder.textContent = 'Choose your bank';
          bankSelect.appendChild(placeholder);
          banks.forEach(function (bank) {
            var option = document.createElement('option');
            option.value = bank.code;
            option.textContent = bank.name;
            bankSelect.appendChild(option);
          });
          bankSelect.disabled = false;
        })
        .catch(function (error) {
          bankSelect.options[0].textContent = 'Banks unavailable';
          show(error && error.message ? error.message : 'Unable to load banks.', 'danger');
        });
    }

    function verify() {
      var number = accountNumber();
      accountInput.value = number;
      if (!bankSelect.value) return show('Choose your bank.', 'danger');
      if (!number) return show('Enter your account number.', 'danger');
      verifyButton.disabled = true;
      show('Verifying…', 'info');
      fetch(root.getAttribute('data-verify-url'), {
        method: 'POST',
        credentials: 'same-origin',
        headers: Object.assign({ 'content-type': 'application/json', 'x-csrf-token': csrfToken }, jsonHeaders),
        body: JSON.stringify(verifyBody(number)),
      })
        .then(readJson)
        .then(function (answer) {
          if (!answer.ok || !answer.body || typeof answer.body.accountName !== 'string') {
            throw new Error(firstError(answer.body, 'Unable to verify the account right now. Please try again later.'));
          }
          verified = { bankCode: answer.body.bankCode, accountNumber: answer.body.accountNumber };
          saveButton.disabled = false;
          show('Account name: ' + answer.body.accountName, 'success');
        })
        .catch(function (error) {
          verified = null;
          saveButton.disabled = true;
          show(error && error.message ? error.message : 'Unable to verify the account right now.', 'danger');
        })
        .then(function () {
          verifyButton.disabled = false;
        });
    }

    bankSelect.addEventListener('change', forgetVerification);
    accountInput.addEventListener('input', forgetVerification);
    verifyButton.addEventListener('click', verify);
    form.addEventListener('submit', function (event) {
      var stillVerified = verified && verified.bankCode === bankSelect.value && verified.accountNumber === accountNumber();
      if (!stillVerified) {
        event.preventDefault();
        show('Please verify your account number before saving.', 'danger');
      }
    });

    saveButton.disabled = true;
    loadBanks();
  }
})();
