export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // The version of PostgREST serving this schema: createClient<Database>() enables what it
  // supports without a { PostgrestVersion } option
  __InternalSupabase: {
    PostgrestVersion: "14.1"
  }
  graphql_public: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      graphql: {
        Args: {
          extensions?: Json
          operationName?: string
          query?: string
          variables?: Json
        }
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  public: {
    Tables: {
      attachments: {
        Row: {
          created_at: string
          created_by: string | null
          file_name: string
          id: string
          mime_type: string | null
          note_id: string
          notebook_id: string
          path: string
          size_bytes: number
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          file_name: string
          id?: string
          mime_type?: string | null
          note_id: string
          notebook_id: string
          path: string
          size_bytes: number
        }
        Update: {
          created_at?: string
          created_by?: string | null
          file_name?: string
          id?: string
          mime_type?: string | null
          note_id?: string
          notebook_id?: string
          path?: string
          size_bytes?: number
        }
        Relationships: [
          {
            foreignKeyName: "attachments_created_by_profile_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "attachments_note_id_notebook_id_fkey"
            columns: ["note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
          {
            foreignKeyName: "attachments_notebook_id_fkey"
            columns: ["notebook_id"]
            isOneToOne: false
            referencedRelation: "notebooks"
            referencedColumns: ["id"]
          },
        ]
      }
      comment_threads: {
        Row: {
          anchor_end: string
          anchor_start: string
          author_id: string | null
          created_at: string
          id: string
          note_id: string
          notebook_id: string
          quote: string
          resolved_at: string | null
          resolved_by: string | null
        }
        Insert: {
          anchor_end: string
          anchor_start: string
          author_id?: string | null
          created_at?: string
          id?: string
          note_id: string
          notebook_id: string
          quote: string
          resolved_at?: string | null
          resolved_by?: string | null
        }
        Update: {
          anchor_end?: string
          anchor_start?: string
          author_id?: string | null
          created_at?: string
          id?: string
          note_id?: string
          notebook_id?: string
          quote?: string
          resolved_at?: string | null
          resolved_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "comment_threads_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comment_threads_note_id_notebook_id_fkey"
            columns: ["note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
          {
            foreignKeyName: "comment_threads_resolved_by_fkey"
            columns: ["resolved_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      comments: {
        Row: {
          author_id: string | null
          body: string
          created_at: string
          edited_at: string | null
          id: string
          note_id: string
          notebook_id: string
          thread_id: string
        }
        Insert: {
          author_id?: string | null
          body: string
          created_at?: string
          edited_at?: string | null
          id?: string
          note_id: string
          notebook_id: string
          thread_id: string
        }
        Update: {
          author_id?: string | null
          body?: string
          created_at?: string
          edited_at?: string | null
          id?: string
          note_id?: string
          notebook_id?: string
          thread_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "comments_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "comments_thread_id_note_id_notebook_id_fkey"
            columns: ["thread_id", "note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "comment_threads"
            referencedColumns: ["id", "note_id", "notebook_id"]
          },
        ]
      }
      invitations: {
        Row: {
          created_at: string
          email: string
          id: string
          invited_by: string | null
          notebook_id: string
          role: string
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          invited_by?: string | null
          notebook_id: string
          role: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          invited_by?: string | null
          notebook_id?: string
          role?: string
        }
        Relationships: [
          {
            foreignKeyName: "invitations_invited_by_profile_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "invitations_notebook_id_fkey"
            columns: ["notebook_id"]
            isOneToOne: false
            referencedRelation: "notebooks"
            referencedColumns: ["id"]
          },
        ]
      }
      note_links: {
        Row: {
          source_note_id: string
          source_notebook_id: string
          target_note_id: string
          target_notebook_id: string
        }
        Insert: {
          source_note_id: string
          source_notebook_id: string
          target_note_id: string
          target_notebook_id: string
        }
        Update: {
          source_note_id?: string
          source_notebook_id?: string
          target_note_id?: string
          target_notebook_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_links_source_note_id_source_notebook_id_fkey"
            columns: ["source_note_id", "source_notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
          {
            foreignKeyName: "note_links_target_note_id_target_notebook_id_fkey"
            columns: ["target_note_id", "target_notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
        ]
      }
      note_pins: {
        Row: {
          created_at: string
          note_id: string
          notebook_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          note_id: string
          notebook_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          note_id?: string
          notebook_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_pins_note_id_notebook_id_fkey"
            columns: ["note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
          {
            foreignKeyName: "note_pins_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      note_updates: {
        Row: {
          created_at: string
          created_by: string | null
          data: string
          kind: string
          note_id: string
          notebook_id: string
          seq: number
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          data: string
          kind?: string
          note_id: string
          notebook_id: string
          seq: number
        }
        Update: {
          created_at?: string
          created_by?: string | null
          data?: string
          kind?: string
          note_id?: string
          notebook_id?: string
          seq?: number
        }
        Relationships: [
          {
            foreignKeyName: "note_updates_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_updates_note_id_notebook_id_fkey"
            columns: ["note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
        ]
      }
      note_version_people: {
        Row: {
          first_at: string
          user_id: string
          version_id: number
        }
        Insert: {
          first_at?: string
          user_id: string
          version_id: number
        }
        Update: {
          first_at?: string
          user_id?: string
          version_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "note_version_people_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_version_people_version_id_fkey"
            columns: ["version_id"]
            isOneToOne: false
            referencedRelation: "note_versions"
            referencedColumns: ["id"]
          },
        ]
      }
      note_versions: {
        Row: {
          body: string
          closed: boolean
          created_at: string
          edited_at: string
          edited_by: string | null
          id: number
          note_id: string
          notebook_id: string
          restored_from: number | null
          started_at: string
          tags: string[]
          title: string
        }
        Insert: {
          body: string
          closed?: boolean
          created_at?: string
          edited_at: string
          edited_by?: string | null
          id?: never
          note_id: string
          notebook_id: string
          restored_from?: number | null
          started_at?: string
          tags?: string[]
          title: string
        }
        Update: {
          body?: string
          closed?: boolean
          created_at?: string
          edited_at?: string
          edited_by?: string | null
          id?: never
          note_id?: string
          notebook_id?: string
          restored_from?: number | null
          started_at?: string
          tags?: string[]
          title?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_versions_edited_by_fkey"
            columns: ["edited_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_versions_note_id_notebook_id_fkey"
            columns: ["note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
          {
            foreignKeyName: "note_versions_restored_from_fkey"
            columns: ["restored_from"]
            isOneToOne: false
            referencedRelation: "note_versions"
            referencedColumns: ["id"]
          },
        ]
      }
      notebook_members: {
        Row: {
          created_at: string
          notebook_id: string
          role: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          notebook_id: string
          role: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          notebook_id?: string
          role?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notebook_members_notebook_id_fkey"
            columns: ["notebook_id"]
            isOneToOne: false
            referencedRelation: "notebooks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notebook_members_profile_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notebooks: {
        Row: {
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          id: string
          name: string
          owner_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          deleted_at?: string | null
          deleted_by?: string | null
          id?: string
          name: string
          owner_id?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          deleted_at?: string | null
          deleted_by?: string | null
          id?: string
          name?: string
          owner_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "notebooks_deleted_by_fkey"
            columns: ["deleted_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notes: {
        Row: {
          author_id: string | null
          body: string
          body_seq: number
          body_too_large: boolean
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          excerpt: string | null
          id: string
          notebook_id: string
          search: unknown
          tags: string[]
          title: string
          title_seq: number
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          author_id?: string | null
          body?: string
          body_seq?: number
          body_too_large?: boolean
          created_at?: string
          deleted_at?: string | null
          deleted_by?: string | null
          excerpt?: string | null
          id?: string
          notebook_id: string
          search?: unknown
          tags?: string[]
          title?: string
          title_seq?: number
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          author_id?: string | null
          body?: string
          body_seq?: number
          body_too_large?: boolean
          created_at?: string
          deleted_at?: string | null
          deleted_by?: string | null
          excerpt?: string | null
          id?: string
          notebook_id?: string
          search?: unknown
          tags?: string[]
          title?: string
          title_seq?: number
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "notes_author_profile_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notes_deleted_by_fkey"
            columns: ["deleted_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notes_notebook_id_fkey"
            columns: ["notebook_id"]
            isOneToOne: false
            referencedRelation: "notebooks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notes_updated_by_fkey"
            columns: ["updated_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          actor_id: string | null
          anchor: Json | null
          created_at: string
          emailed_at: string | null
          id: string
          kind: string
          note_id: string | null
          notebook_id: string
          read_at: string | null
          role: string | null
          user_id: string
        }
        Insert: {
          actor_id?: string | null
          anchor?: Json | null
          created_at?: string
          emailed_at?: string | null
          id?: string
          kind: string
          note_id?: string | null
          notebook_id: string
          read_at?: string | null
          role?: string | null
          user_id: string
        }
        Update: {
          actor_id?: string | null
          anchor?: Json | null
          created_at?: string
          emailed_at?: string | null
          id?: string
          kind?: string
          note_id?: string | null
          notebook_id?: string
          read_at?: string | null
          role?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_actor_profile_fkey"
            columns: ["actor_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_note_id_fkey"
            columns: ["note_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_notebook_id_fkey"
            columns: ["notebook_id"]
            isOneToOne: false
            referencedRelation: "notebooks"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          created_at: string
          display_name: string | null
          id: string
          notify_email: string
          updated_at: string
        }
        Insert: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string | null
          id: string
          notify_email?: string
          updated_at?: string
        }
        Update: {
          avatar_path?: string | null
          created_at?: string
          display_name?: string | null
          id?: string
          notify_email?: string
          updated_at?: string
        }
        Relationships: []
      }
      published_notes: {
        Row: {
          note_id: string
          notebook_id: string
          published_at: string
          published_by: string | null
          token: string
        }
        Insert: {
          note_id: string
          notebook_id: string
          published_at?: string
          published_by?: string | null
          token: string
        }
        Update: {
          note_id?: string
          notebook_id?: string
          published_at?: string
          published_by?: string | null
          token?: string
        }
        Relationships: [
          {
            foreignKeyName: "published_notes_note_id_notebook_id_fkey"
            columns: ["note_id", "notebook_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id", "notebook_id"]
          },
          {
            foreignKeyName: "published_notes_published_by_fkey"
            columns: ["published_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      search_vocabulary: {
        Row: {
          word: string
        }
        Insert: {
          word: string
        }
        Update: {
          word?: string
        }
        Relationships: []
      }
      session_activity: {
        Row: {
          last_active_at: string
          session_id: string
          user_id: string
        }
        Insert: {
          last_active_at?: string
          session_id: string
          user_id: string
        }
        Update: {
          last_active_at?: string
          session_id?: string
          user_id?: string
        }
        Relationships: []
      }
      storage_cleanup: {
        Row: {
          bucket_id: string
          created_at: string
          id: number
          owner_id: string | null
          path: string
        }
        Insert: {
          bucket_id: string
          created_at?: string
          id?: never
          owner_id?: string | null
          path: string
        }
        Update: {
          bucket_id?: string
          created_at?: string
          id?: never
          owner_id?: string | null
          path?: string
        }
        Relationships: []
      }
      writer_keys: {
        Row: {
          created_at: string
          id: string
          public_key: Json
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          public_key: Json
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          public_key?: Json
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      account_by_email: {
        Args: { address: string }
        Returns: {
          confirmed: boolean
          id: string
        }[]
      }
      add_notebook_invitation: {
        Args: {
          actor: string
          address: string
          member_role: string
          notebook: string
        }
        Returns: boolean
      }
      add_notebook_member: {
        Args: {
          actor: string
          member: string
          member_role: string
          notebook: string
        }
        Returns: boolean
      }
      append_note_update: {
        Args: {
          after_seq?: number
          doc_update: string
          new_body?: string
          new_title?: string
          note: string
          seed_sha256?: string
          too_large?: boolean
        }
        Returns: Json
      }
      can_access_attachment: {
        Args: { min_role?: string; object_name: string; require_note?: boolean }
        Returns: boolean
      }
      can_comment_on_note: {
        Args: { note: string; notebook: string }
        Returns: boolean
      }
      can_see_avatar_folder: { Args: { object_name: string }; Returns: boolean }
      claim_notification_emails: {
        Args: { p_digest?: boolean }
        Returns: {
          actor_name: string
          anchor: Json
          created_at: string
          email: string
          id: string
          kind: string
          note_id: string
          note_title: string
          notebook_id: string
          notebook_name: string
          user_id: string
        }[]
      }
      close_note_session: { Args: { note: string }; Returns: number }
      compact_note_updates: {
        Args: {
          new_body?: string
          new_title?: string
          note: string
          snapshot: string
          through_seq: number
          too_large?: boolean
        }
        Returns: boolean
      }
      end_my_session: { Args: { session: string }; Returns: boolean }
      fold_accents: { Args: { value: string }; Returns: string }
      is_notebook_member: {
        Args: { min_role?: string; notebook_id: string }
        Returns: boolean
      }
      lock_note_document: { Args: { note: string }; Returns: undefined }
      mark_note_restored: {
        Args: { kept: number; version_id: number }
        Returns: {
          author_id: string | null
          body: string
          body_seq: number
          body_too_large: boolean
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          excerpt: string | null
          id: string
          notebook_id: string
          search: unknown
          tags: string[]
          title: string
          title_seq: number
          updated_at: string
          updated_by: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "notes"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      markdown_excerpt: {
        Args: { body: string; max_length?: number }
        Returns: string
      }
      mentioned_user_ids: { Args: { p_text: string }; Returns: string[] }
      mfa_satisfied: { Args: never; Returns: boolean }
      move_note: { Args: { note: string; to_notebook: string }; Returns: Json }
      my_notebook_ids: { Args: { min_role?: string }; Returns: string[] }
      my_sessions: {
        Args: never
        Returns: {
          aal: string
          created_at: string
          current: boolean
          id: string
          ip: string
          last_active_at: string
          user_agent: string
        }[]
      }
      new_publish_token: { Args: never; Returns: string }
      note_backlinks: {
        Args: { note: string }
        Returns: {
          id: string
          notebook_id: string
          notebook_name: string
          title: string
          updated_at: string
        }[]
      }
      note_document: {
        Args: { after_seq?: number; note: string }
        Returns: Json
      }
      note_link_ids: { Args: { body: string }; Returns: string[] }
      note_search_vector: {
        Args: { body: string; tags: string[]; title: string }
        Returns: unknown
      }
      note_update_frames: {
        Args: { after_seq?: number; before_seq?: number; note: string }
        Returns: {
          frames: string
          last_seq: number
          row_count: number
          snapshot_seq: number
        }[]
      }
      note_version_add_people: {
        Args: { people: string[]; version: number }
        Returns: undefined
      }
      note_words: {
        Args: { body: string; tags: string[]; title: string }
        Returns: string[]
      }
      note_writer_key: {
        Args: { key_id: string; note: string }
        Returns: {
          may_write: boolean
          public_key: Json
          user_id: string
        }[]
      }
      notify_note_people: {
        Args: {
          p_actor?: string
          p_anchor?: Json
          p_kind: string
          p_note_id: string
          p_user_ids: string[]
        }
        Returns: number
      }
      open_comment_thread: {
        Args: {
          anchor_end: string
          anchor_start: string
          body: string
          note: string
          quote: string
        }
        Returns: string
      }
      owns_trashed_notebook: { Args: { notebook: string }; Returns: boolean }
      prefix_tsquery: { Args: { query: string }; Returns: unknown }
      publish_note: { Args: { note: string }; Returns: string }
      published_note: {
        Args: { token: string }
        Returns: {
          body: string
          body_too_large: boolean
          title: string
          updated_at: string
        }[]
      }
      published_note_document: { Args: { token: string }; Returns: Json }
      published_note_files: {
        Args: { token: string }
        Returns: {
          file_name: string
          mime_type: string
          path: string
        }[]
      }
      published_note_row: {
        Args: { link: string }
        Returns: {
          author_id: string | null
          body: string
          body_seq: number
          body_too_large: boolean
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          excerpt: string | null
          id: string
          notebook_id: string
          search: unknown
          tags: string[]
          title: string
          title_seq: number
          updated_at: string
          updated_by: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "notes"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      published_note_token: { Args: { note: string }; Returns: string }
      purge_trash: { Args: never; Returns: number }
      record_notification: {
        Args: {
          p_actor: string
          p_anchor?: Json
          p_kind: string
          p_note?: string
          p_notebook: string
          p_role?: string
          p_user: string
        }
        Returns: boolean
      }
      register_writer_key: { Args: { public_key: Json }; Returns: string }
      release_notification_emails: {
        Args: { p_ids: string[] }
        Returns: undefined
      }
      restore_note_version: {
        Args: { version_id: number }
        Returns: {
          author_id: string | null
          body: string
          body_seq: number
          body_too_large: boolean
          created_at: string
          deleted_at: string | null
          deleted_by: string | null
          excerpt: string | null
          id: string
          notebook_id: string
          search: unknown
          tags: string[]
          title: string
          title_seq: number
          updated_at: string
          updated_by: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "notes"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      role_rank: { Args: { role: string }; Returns: number }
      search_candidates: {
        Args: { cap: number; tsq: unknown }
        Returns: {
          id: string
        }[]
      }
      search_matches: {
        Args: { max_results?: number; query: string }
        Returns: {
          id: string
          rank: number
        }[]
      }
      search_notes: {
        Args: { max_results?: number; query: string }
        Returns: {
          id: string
          notebook_id: string
          notebook_name: string
          rank: number
          snippet: string
          tags: string[]
          title: string
          updated_at: string
        }[]
      }
      search_ranked: {
        Args: { cap: number; max_results: number; tsq: unknown; words: unknown }
        Returns: {
          id: string
          rank: number
        }[]
      }
      search_snippet: {
        Args: { body: string; excerpt: string; query: string }
        Returns: string
      }
      search_words: { Args: { value: string }; Returns: unknown }
      set_note_body: {
        Args: { new_body: string; note: string; through_seq: number }
        Returns: boolean
      }
      set_note_text: {
        Args: {
          new_body?: string
          new_title?: string
          note: string
          through_seq: number
          too_large?: boolean
        }
        Returns: boolean
      }
      shares_notebook_with: { Args: { other: string }; Returns: boolean }
      sheaf_topic_role: { Args: { topic: string }; Returns: string }
      tags_text: { Args: { tags: string[] }; Returns: string }
      touch_my_session: { Args: never; Returns: boolean }
      trashed_attachment_object: {
        Args: { object_name: string }
        Returns: boolean
      }
      trashed_notebook_files: { Args: { notebook: string }; Returns: string[] }
      trashed_notebooks: {
        Args: never
        Returns: {
          deleted_at: string
          id: string
          name: string
          note_count: number
        }[]
      }
      tsquery_quote: { Args: { lexeme: string }; Returns: string }
      unpublish_note: { Args: { note: string }; Returns: boolean }
      user_id_by_email: { Args: { address: string }; Returns: string }
      valid_tags: { Args: { tags: string[] }; Returns: boolean }
      words_tsquery: { Args: { query: string }; Returns: unknown }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  Options extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  Name extends (Options extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[Options["schema"]]["Tables"] &
        DatabaseWithoutInternals[Options["schema"]]["Views"])
    : never) = never,
> = Options extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[Options["schema"]]["Tables"] &
      DatabaseWithoutInternals[Options["schema"]]["Views"])[Name] extends {
      Row: infer T
    }
    ? T
    : never
  : Options extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[Options] extends {
        Row: infer T
      }
      ? T
      : never
    : never

export type TablesInsert<
  Options extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  Name extends (Options extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[Options["schema"]]["Tables"]
    : never) = never,
> = Options extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[Options["schema"]]["Tables"][Name] extends {
      Insert: infer T
    }
    ? T
    : never
  : Options extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][Options] extends { Insert: infer T }
      ? T
      : never
    : never

export type TablesUpdate<
  Options extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  Name extends (Options extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[Options["schema"]]["Tables"]
    : never) = never,
> = Options extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[Options["schema"]]["Tables"][Name] extends {
      Update: infer T
    }
    ? T
    : never
  : Options extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][Options] extends { Update: infer T }
      ? T
      : never
    : never

export type Enums<
  Options extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  Name extends (Options extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[Options["schema"]]["Enums"]
    : never) = never,
> = Options extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[Options["schema"]]["Enums"][Name]
  : Options extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][Options]
    : never

export type CompositeTypes<
  Options extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  Name extends (Options extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[Options["schema"]]["CompositeTypes"]
    : never) = never,
> = Options extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[Options["schema"]]["CompositeTypes"][Name]
  : Options extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][Options]
    : never

export const Constants = {
  graphql_public: {
    Enums: {},
  },
  public: {
    Enums: {},
  },
} as const
