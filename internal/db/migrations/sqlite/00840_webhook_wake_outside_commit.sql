-- +goose Up
-- PostgreSQL drops its wake trigger here (same-numbered migration there);
-- SQLite never had one. The number is kept so both trees stay at the same
-- version.
SELECT 1;

-- +goose Down
SELECT 1;
