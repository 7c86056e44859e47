// Dev only: finishes a login started at /dev/login: checks state, redeems the code with
// the PKCE verifier, and shows the tokens and /users/current.
const out = document.getElementById('dev-result')
const params = new URLSearchParams(location.search)
const saved = JSON.parse(sessionStorage.getItem('trellis-dev-login') || 'null')

function show(title, value) {
  const h = document.createElement('h2')
  h.textContent = title
  const pre = document.createElement('pre')
  pre.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  out.append(h, pre)
}

async function finish() {
  if (params.get('error')) throw new Error(`${params.get('error')}: ${params.get('error_description') || ''}`)
  if (!saved) return // a code from a login link of the JSON API: the page already shows it
  if (params.get('state') !== saved.state) throw new Error('The state does not match the login this browser started.')
  sessionStorage.removeItem('trellis-dev-login')
  const response = await fetch('/auth/oauth2/token', {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code') || '',
      code_verifier: saved.verifier,
      client_id: saved.clientId,
      redirect_uri: saved.redirectUri,
    }),
  })
  const tokens = await response.json()
  if (!response.ok) throw new Error(tokens.error_description || tokens.error || 'token request failed')
  out.textContent = ''
  show('Tokens', tokens)
  const me = await fetch('/users/current', { headers: { authorization: `Bearer ${tokens.access_token}` } })
  show('GET /users/current', await me.json())
  document.title = 'Signed in · Trellis dev'
  document.querySelector('h1').textContent = 'Signed in'
}

finish().catch((error) => {
  show('Login failed', error.message)
})
