package campaigns

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// SMS is one text message to send.
type SMS struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Text      string `json:"text"`
	Reference string `json:"reference"`
}

// SMSSender hands SMS to a provider and returns the provider's id of the
// message (its status callback names it).
type SMSSender interface {
	SendSMS(ctx context.Context, m SMS) (providerID string, err error)
}

// HTTPSMS is the SMS driver of an HTTP provider: POST JSON {to, from, text,
// reference} with the bearer token, answered {id}.
type HTTPSMS struct {
	URL, Token string
	Client     *http.Client
}

// SendSMS implements SMSSender.
func (h HTTPSMS) SendSMS(ctx context.Context, m SMS) (string, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("fournisseur SMS : %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+h.Token)
	c := h.Client
	if c == nil {
		c = &http.Client{Timeout: 30 * time.Second}
	}
	res, err := c.Do(req)
	if err != nil {
		return "", fmt.Errorf("fournisseur SMS injoignable : %w", err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if res.StatusCode/100 != 2 {
		return "", fmt.Errorf("fournisseur SMS : refusé (HTTP %d) %s", res.StatusCode, strings.TrimSpace(string(raw[:min(len(raw), 200)])))
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil || out.ID == "" {
		return "", fmt.Errorf("fournisseur SMS : réponse sans identifiant")
	}
	return out.ID, nil
}

// noSMS is the driver when no provider is configured: every SMS fails.
type noSMS struct{}

func (noSMS) SendSMS(context.Context, SMS) (string, error) {
	return "", fmt.Errorf("aucun fournisseur SMS configuré (--sms-url)")
}
